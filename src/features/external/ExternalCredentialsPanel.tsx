import { Alert, Badge, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import type { PreviewExtraProps } from '../../resources/extensions';
import { externalApi } from './externalApi';

/**
 * On external credentials' preview: inactive ones are activated (the configuration's one-time code, then the
 * server checks the keys with the service); active ones import the shop's products in the background.
 */
export const ExternalCredentialsPanel = ({ row, reload }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation(['office', 'errors']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = String(row.id);
  const active = row.isActive === true;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };
  const activate = () =>
    run(async () => {
      const config = await externalApi.config(id);
      if (config.activationCode) await externalApi.activate(id, config.activationCode);
      notifications.show({ color: 'green', message: t('office:external.activated') });
      reload();
    });
  const importProducts = () =>
    run(async () => {
      const { started } = await externalApi.importProducts(id);
      if (!started) notifications.show({ message: t('office:external.importRunning') });
    });

  return (
    <Stack gap="xs" data-testid="external-credentials-panel">
      <Group gap="xs" wrap="wrap">
        <Badge color={active ? 'green' : 'gray'} data-testid="external-credentials-state">
          {t(active ? 'office:external.active' : 'office:external.inactive')}
        </Badge>
        {active ? (
          <Button loading={busy} onClick={() => void importProducts()} data-testid="external-import">
            {t('office:external.import')}
          </Button>
        ) : (
          <Button loading={busy} onClick={() => void activate()} data-testid="external-activate">
            {t('office:external.activate')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" data-testid="external-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
};
