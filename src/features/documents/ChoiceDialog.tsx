import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  readonly label: string;
  readonly testId: string;
  readonly color?: string;
  readonly onChoose: () => void;
}

export interface ChoiceDialogProps {
  readonly opened: boolean;
  readonly title: string;
  readonly message: string;
  /** The answers after "Cancel", in order; the last one is the primary. */
  readonly choices: readonly Choice[];
  /** data-testid of the "Cancel" answer that comes first and closes the dialog. */
  readonly cancelTestId: string;
  readonly busy?: boolean;
  readonly onClose: () => void;
  /** Extra content between the message and the buttons (a reason input…). */
  readonly children?: ReactNode;
  readonly testId?: string;
}

/** A modal question with named answers (confirm a revert, generate documents yes / no, …). */
export const ChoiceDialog = ({
  opened,
  title,
  message,
  choices,
  cancelTestId,
  busy = false,
  onClose,
  children,
  testId,
}: ChoiceDialogProps): ReactNode => {
  const { t } = useTranslation();
  const all: readonly Choice[] = [
    { label: t('logistics:actions.cancel'), testId: cancelTestId, onChoose: onClose },
    ...choices,
  ];
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered>
      {/* The test id sits on the content: the modal's root element has no box of its own. */}
      <Stack gap="md" data-testid={testId}>
        <Text>{message}</Text>
        {children}
        <Group justify="flex-end" gap="xs">
          {all.map((c, i) => (
            <Button
              key={c.testId}
              variant={i === all.length - 1 ? 'filled' : 'default'}
              color={c.color}
              onClick={c.onChoose}
              loading={busy && i === all.length - 1}
              disabled={busy}
              data-testid={c.testId}
            >
              {c.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Modal>
  );
};
