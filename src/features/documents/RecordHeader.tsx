import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RecordHeaderProps {
  /** Small line above the title (the record's type). */
  readonly caption: ReactNode;
  /** The record's number (or "New …"). */
  readonly title: ReactNode;
  /** data-testid of the title. */
  readonly titleTestId: string;
  /** Status badges beside the title. */
  readonly badges?: ReactNode;
  /** Buttons on the right. */
  readonly actions?: ReactNode;
}

/** The top of a document, order or count screen: type, number, status and the buttons of what it allows. */
export const RecordHeader = ({
  caption,
  title,
  titleTestId,
  badges,
  actions,
}: RecordHeaderProps): ReactNode => (
  <Group justify="space-between" align="flex-end" wrap="wrap">
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      <Group gap="xs">
        <Title order={2} data-testid={titleTestId}>
          {title}
        </Title>
        {badges}
      </Group>
    </Stack>
    <Group gap="xs" wrap="wrap">
      {actions}
    </Group>
  </Group>
);
