import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  readonly opened: boolean;
  readonly title: string;
  readonly message: string;
  readonly confirmLabel?: string;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** A yes/no dialog for destructive actions. */
export const ConfirmDialog = ({
  opened,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactNode => {
  const { t } = useTranslation(['resources']);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy} data-testid="resource-cancel-delete">
          {t('resources:generic.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-testid="resource-confirm-delete">
          {confirmLabel ?? t('resources:generic.delete')}
        </Button>
      </Group>
    </Modal>
  );
};
