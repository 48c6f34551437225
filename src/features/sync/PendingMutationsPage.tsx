import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getActiveSync } from '../../db/activeSync';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { useSyncStatus } from '../../db/useSyncStatus';
import { type PendingGroup, type PendingItem, pendingItems } from './pendingItems';
import { SyncChip } from './SyncChip';
import { intentKey, rejectionTexts, relativeTime, wayForwardKey } from './syncTexts';

const groupColor: Record<PendingGroup, string> = { rejected: 'red', waiting: 'orange', sent: 'blue' };

const Item = ({ item, now }: { readonly item: PendingItem; readonly now: number }): ReactNode => {
  const { t, i18n } = useTranslation('sync');
  const { entry } = item;
  const rejection = item.group === 'rejected' ? entry.rejection : undefined;
  return (
    <Card
      withBorder
      padding="sm"
      data-testid="pending-item"
      data-group={item.group}
      data-kind={entry.intent.kind}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>
            {t(`intents.${intentKey(entry.intent)}`, {
              number: item.number ?? '',
              product: item.product ?? '',
              quantity: item.quantity ?? '',
            })}
          </Text>
          <Badge color={groupColor[item.group]} variant="light">
            {t(`pending.state.${item.group}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('pending.recorded', { time: relativeTime(now - Date.parse(entry.createdAt), i18n.language) })}
          {entry.attempts > 0 ? ` · ${t('pending.attempts', { count: entry.attempts })}` : ''}
        </Text>
        {item.group === 'waiting' && entry.lastError ? (
          <Text size="xs" c="orange">
            {entry.lastError.status === 0 ? t('errors.network') : t('errors.server')}
          </Text>
        ) : null}
        {item.group === 'waiting' && entry.conflict?.length ? (
          <Alert color="orange" p="xs" data-testid="pending-conflict">
            <Text size="sm">{t('pending.conflict')}</Text>
          </Alert>
        ) : null}
        {rejection ? (
          <Alert color="red" p="xs" data-testid="pending-rejection">
            <Stack gap={2}>
              {rejectionTexts(t, rejection).map((text) => (
                <Text size="sm" key={text}>
                  {text}
                </Text>
              ))}
              <Text size="sm" fw={600} mt={4}>
                {t('pending.wayForward')}
              </Text>
              <Text size="sm" data-testid="pending-way">
                {t(`ways.${wayForwardKey(rejection)}`)}
              </Text>
            </Stack>
          </Alert>
        ) : null}
        {rejection ? (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              color="red"
              data-testid="pending-discard"
              onClick={() => {
                void getActiveSync()?.engine.discard(entry.mutationId);
              }}
            >
              {t('pending.discard')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
};

/**
 * The pending-work inspector: what waits to be sent, what the server refused (with the reason in the user's
 * language and the ways forward), and what was sent but not yet pulled back. Nothing leaves it silently.
 */
export const PendingMutationsPage = (): ReactNode => {
  const { t } = useTranslation('sync');
  const items = useReplicaQuery(pendingItems, []);
  const status = useSyncStatus();
  const now = Date.now();
  const groups: PendingGroup[] = ['rejected', 'waiting', 'sent'];
  return (
    <Stack gap="md" maw={720} data-testid="pending-page">
      <Group justify="space-between">
        <Title order={2}>{t('pending.title')}</Title>
        <SyncChip />
      </Group>
      <Group>
        <Button
          onClick={() => getActiveSync()?.retryNow()}
          disabled={!getActiveSync() || status.signInRequired}
        >
          {t('details.syncNow')}
        </Button>
      </Group>
      {items && items.length === 0 ? (
        <Text c="dimmed" data-testid="pending-empty">
          {t('pending.empty')}
        </Text>
      ) : null}
      {groups.map((group) => {
        const list = (items ?? []).filter((i) => i.group === group);
        if (!list.length) return null;
        return (
          <Stack gap="xs" key={group}>
            <Title order={4}>{t(`pending.groups.${group}`, { count: list.length })}</Title>
            {list.map((item) => (
              <Item item={item} now={now} key={item.entry.mutationId} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
};
