import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncState } from './data/syncStates';
import { stateColor } from './terminalTexts';

export interface LineCardProps {
  readonly title: string;
  readonly details: readonly string[];
  readonly quantity: string;
  readonly state: SyncState;
  readonly lineId: string;
  /** The refusal and its ways forward (RejectionBox). */
  readonly children?: ReactNode;
}

/** A recorded line with where it stands with the server: waiting, taken, or refused (with the reason). */
export const LineCard = ({ title, details, quantity, state, lineId, children }: LineCardProps): ReactNode => {
  const { t } = useTranslation('terminal');
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="terminal-line"
      data-state={state}
      data-line={lineId}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            {details.map((d) => (
              <Text key={d} size="sm" c="dimmed">
                {d}
              </Text>
            ))}
          </Stack>
          {/* The quantity and the state badge keep their width: the title wraps instead. */}
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={800} fz="xl" data-testid="terminal-line-quantity">
              {quantity}
            </Text>
            <Badge color={stateColor[state]} variant="light" data-testid="terminal-line-state">
              {t(`states.${state}`)}
            </Badge>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Card>
  );
};
