import { Button, Card, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { useAuthStore } from '../../state/authStore';
import { type FlowKind, flowKinds } from './data/flowKinds';
import { openOrders } from './data/orderViews';
import { TerminalLayout } from './TerminalLayout';
import { kindPath, scannerSettingsPath } from './terminalPaths';

const tileColor: Readonly<Record<FlowKind, string>> = {
  receipt: 'teal',
  release: 'orange',
  picking: 'blue',
  verify: 'grape',
};

/** /terminal: one big tile per flow, with how many orders wait in it (mine / all). */
export const TerminalHomePage = (): ReactNode => {
  const { t } = useTranslation('terminal');
  const navigate = useNavigate();
  const userId = useAuthStore((s) => s.claims?.sub ?? null);
  const counts = useReplicaQuery(
    async (tx) => {
      const out: Partial<Record<FlowKind, { all: number; mine: number }>> = {};
      for (const kind of flowKinds) {
        const orders = await openOrders(tx, kind, userId);
        out[kind] = { all: orders.length, mine: orders.filter((o) => o.assignedUserId === userId).length };
      }
      return out;
    },
    [userId],
  );
  return (
    <TerminalLayout title={t('title')}>
      <Text c="dimmed" data-testid="terminal-step">
        {t('steps.chooseFlow')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {flowKinds.map((kind) => {
          const count = counts?.[kind];
          return (
            <UnstyledButton
              key={kind}
              onClick={() => navigate(kindPath(kind))}
              data-testid={`terminal-tile-${kind}`}
              aria-label={t(`kinds.${kind}`)}
            >
              <Card withBorder radius="md" padding="lg" mih={128} h="100%">
                <Stack gap="xs" justify="space-between" h="100%">
                  <Text fw={700} fz={22} c={`${tileColor[kind]}.6`} style={{ overflowWrap: 'anywhere' }}>
                    {t(`kinds.${kind}`)}
                  </Text>
                  {count ? (
                    <Stack gap={4} align="flex-start">
                      <Text fw={600} size="sm" data-testid={`terminal-tile-${kind}-open`}>
                        {t('home.open', { count: count.all })}
                      </Text>
                      {count.mine > 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('home.mine', { count: count.mine })}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : null}
                </Stack>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Button
        variant="subtle"
        size="lg"
        onClick={() => navigate(scannerSettingsPath)}
        data-testid="terminal-scanner-settings"
      >
        {t('home.scannerSettings')}
      </Button>
    </TerminalLayout>
  );
};
