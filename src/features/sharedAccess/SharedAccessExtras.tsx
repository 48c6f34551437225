import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../i18n/i18n';
import { ConfirmDialog } from '../../resources/ConfirmDialog';
import type { PreviewExtraProps } from '../../resources/extensions';
import { sharedAccessApi } from './sharedAccessApi';

/** On the shared access list: make a new link. */
export const SharedAccessListActions = (): ReactNode => {
  const { t } = useTranslation('portal');
  return (
    <Button component={Link} to="/shared-access/new" data-testid="shared-access-add">
      {t('sharedAccess.add')}
    </Button>
  );
};

/** Under a link's fields: whether it still opens, and withdrawing it at once. */
export const SharedAccessPreviewExtra = ({ row, reload }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation(['portal', 'resources']);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const available = row.isAvailable === true;
  const end = typeof row.endReason === 'string' ? row.endReason : null;
  const withdraw = async () => {
    setBusy(true);
    try {
      await sharedAccessApi.withdraw(row.id);
      notifications.show({ color: 'teal', message: t('sharedAccess.withdrawn') });
      reload();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="shared-access-state">
      <Group gap="xs">
        <Badge
          color={available ? 'teal' : 'gray'}
          data-testid="shared-access-available"
          data-available={available}
        >
          {available ? t('sharedAccess.stateAvailable') : t('sharedAccess.stateEnded')}
        </Badge>
        {end && <Text size="sm">{t(`resources:sharedAccess.options.endReason.${end}`)}</Text>}
      </Group>
      {!row.withdrawedAt ? (
        <Button
          color="red"
          variant="light"
          onClick={() => setAsking(true)}
          loading={busy}
          data-testid="shared-access-withdraw"
        >
          {t('sharedAccess.withdraw')}
        </Button>
      ) : (
        <Alert color="gray">{t('sharedAccess.withdrawnAlready')}</Alert>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('sharedAccess.withdrawTitle')}
        message={t('sharedAccess.withdrawMessage', { name: String(row.recipientName ?? '') })}
        confirmLabel={t('sharedAccess.withdraw')}
        busy={busy}
        onConfirm={withdraw}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
};
