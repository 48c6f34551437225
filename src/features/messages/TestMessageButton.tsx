import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import type { PreviewExtraProps } from '../../resources/extensions';
import { messageApi } from './messageApi';

/** An e-mail account's "send test message": through exactly this account, to the user or a typed address. */
export const TestMessageButton = ({ row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const test = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await messageApi.testAccount(row.id, to.trim() || undefined);
      notifications.show({ color: 'green', message: t('office:messages.testSent', { to: result.to }) });
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="email-account-test">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          label={t('office:messages.testTo')}
          type="email"
          data-testid="email-account-test-to"
        />
        <Button
          variant="default"
          loading={busy}
          onClick={() => void test()}
          data-testid="email-account-test-send"
        >
          {t('office:messages.sendTest')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" data-testid="email-account-test-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
};
