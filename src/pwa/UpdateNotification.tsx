import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUpdatePromptVisible, useUpdateStore } from '../state/updateStore';
import { applyUpdate } from './registerServiceWorker';

export const updateNotificationId = 'pwa-update';

const UpdateTitle = (): ReactNode => {
  const { t } = useTranslation('scanner');
  const outdated = useUpdateStore((s) => s.outdated);
  return outdated ? t('update.outdatedTitle') : t('update.title');
};

const UpdateMessage = (): ReactNode => {
  const { t } = useTranslation(['scanner', 'errors']);
  const outdated = useUpdateStore((s) => s.outdated);
  const dismiss = useUpdateStore((s) => s.dismiss);
  return (
    <Stack gap="xs">
      <Text size="sm">{outdated ? t('errors:clientVersionOutdated') : t('scanner:update.text')}</Text>
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={() => dismiss()} data-testid="pwa-update-later">
          {t('scanner:update.later')}
        </Button>
        <Button size="xs" onClick={applyUpdate} data-testid="pwa-update-reload">
          {t('scanner:update.reload')}
        </Button>
      </Group>
    </Stack>
  );
};

/** Shows the "new version available — reload" notification until the user answers it. */
export const showUpdateNotification = (): void => {
  notifications.show({
    id: updateNotificationId,
    title: <UpdateTitle />,
    message: <UpdateMessage />,
    autoClose: false,
    allowClose: true,
    priority: 10,
    // The close button means "later"; closing because the prompt is no longer needed changes nothing.
    onClose: () => {
      if (isUpdatePromptVisible(useUpdateStore.getState())) useUpdateStore.getState().dismiss();
    },
    'data-testid': updateNotificationId,
  });
};

export const hideUpdateNotification = (): void => {
  notifications.hide(updateNotificationId);
};
