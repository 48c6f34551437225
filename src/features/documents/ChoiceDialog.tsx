import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChoiceDialogProps {
  readonly opened: boolean;
  readonly title: string;
  readonly message: string;
  /** Label and test id of each answer, in order; the last one is the primary. */
  readonly choices: readonly { label: string; testId: string; color?: string; onChoose: () => void }[];
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
  busy = false,
  onClose,
  children,
  testId,
}: ChoiceDialogProps): ReactNode => (
  <Modal
    opened={opened}
    onClose={busy ? () => undefined : onClose}
    title={title}
    centered
    data-testid={testId}
  >
    <Stack gap="md">
      <Text>{message}</Text>
      {children}
      <Group justify="flex-end" gap="xs">
        {choices.map((c, i) => (
          <Button
            key={c.testId}
            variant={i === choices.length - 1 ? 'filled' : 'default'}
            color={c.color}
            onClick={c.onChoose}
            loading={busy && i === choices.length - 1}
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
