import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SwitchUserPromptProps {
  /** The recognised person of the company who is not the signed-in user. */
  readonly name: string;
  /** The holder stays signed in (the prompt is not offered again for this person). */
  readonly onStay: () => void;
  /** The holder signs out to sign in as the recognised person. */
  readonly onSwitch: () => void;
}

/**
 * The face watcher's question when someone else holds the terminal. Its own chunk: a Modal brings floating-ui,
 * the focus trap and the scroll area (about 25 KB compressed) that the terminal's first load does not need.
 */
export const SwitchUserPrompt = ({ name, onStay, onSwitch }: SwitchUserPromptProps): ReactNode => {
  const { t } = useTranslation('faces');
  return (
    <Modal opened onClose={onStay} title={t('switch.title')} data-testid="switch-user-prompt">
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{t('switch.text', { name })}</Text>
        <Text size="sm" c="dimmed">
          {t('switch.outbox')}
        </Text>
        <Group grow>
          <Button variant="default" mih={48} onClick={onStay}>
            {t('switch.stay')}
          </Button>
          <Button mih={48} data-testid="switch-user-confirm" onClick={onSwitch}>
            {t('switch.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
