import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';

const kinds = ['signIn', 'catalogue', 'search', 'rates', 'cart', 'submit'] as const;
type Kind = (typeof kinds)[number];

/** GET catalyst/statistics: client accounts' use over the last 7 days (UTC days, today included). */
interface Statistics {
  readonly from: string;
  readonly to: string;
  readonly days: readonly ({ readonly day: string; readonly activeClients: number } & Record<Kind, number>)[];
  readonly clients: readonly {
    readonly clientUserId: string;
    readonly username: string;
    readonly name: string | null;
    readonly groupName: string | null;
    readonly lastLogin: string | null;
    readonly calls: number;
    readonly signIns: number;
    readonly submits: number;
    readonly devices: number;
  }[];
}

const colors: Record<Kind, string> = {
  signIn: 'blue.6',
  catalogue: 'teal.6',
  search: 'cyan.6',
  rates: 'grape.6',
  cart: 'orange.6',
  submit: 'red.6',
};

/** Usage statistics of the mobile app's client accounts: calls per day and kind, active clients, and per client. */
export const CatalystStatisticsPage = (): ReactNode => {
  const { t, i18n } = useTranslation(['catalyst', 'errors']);
  const [stats, setStats] = useState<Statistics | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks again
  useEffect(() => {
    let cancelled = false;
    api
      .get<Statistics>('/api/catalyst/statistics')
      .then((found) => {
        if (!cancelled) {
          setStats(found);
          setFailure(null);
        }
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(errorMessage(t, error));
      });
    return () => {
      cancelled = true;
    };
  }, [reload, t]);

  const day = new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const rows = (stats?.days ?? []).map((d) => ({ ...d, label: day.format(new Date(`${d.day}T00:00:00Z`)) }));
  const totals = kinds.map((kind) => [kind, rows.reduce((s, d) => s + d[kind], 0)] as const);

  return (
    <Stack gap="md" data-testid="catalyst-statistics">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('statistics.title')}</Title>
        <Button variant="light" onClick={() => setReload((n) => n + 1)}>
          {t('market.refresh')}
        </Button>
      </Group>
      {failure && <Alert color="red">{failure}</Alert>}
      {stats && (
        <>
          <Text size="sm" c="dimmed">
            {t('statistics.period', { from: stats.from, to: stats.to })}
          </Text>
          <Group gap="xs" wrap="wrap" data-testid="catalyst-statistics-totals">
            {totals.map(([kind, count]) => (
              <Card key={kind} withBorder padding="xs" radius="md" data-kind={kind}>
                <Text size="xs" c="dimmed">
                  {t(`statistics.kinds.${kind}`)}
                </Text>
                <Text fw={700}>{count}</Text>
              </Card>
            ))}
          </Group>
          <Card withBorder padding="sm" radius="md">
            <Text fw={600} size="sm" mb="xs">
              {t('statistics.perDay')}
            </Text>
            <BarChart
              h={220}
              data={rows}
              dataKey="label"
              type="stacked"
              withLegend
              series={kinds.map((kind) => ({
                name: kind,
                label: t(`statistics.kinds.${kind}`),
                color: colors[kind],
              }))}
              data-testid="catalyst-statistics-chart"
            />
          </Card>
          <Table.ScrollContainer minWidth={320}>
            <Table striped fz="sm" data-testid="catalyst-statistics-days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('statistics.day')}</Table.Th>
                  <Table.Th ta="right">{t('statistics.activeClients')}</Table.Th>
                  {kinds.map((kind) => (
                    <Table.Th key={kind} ta="right">
                      {t(`statistics.kinds.${kind}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.day} data-day={d.day}>
                    <Table.Td>{d.label}</Table.Td>
                    <Table.Td ta="right">{d.activeClients}</Table.Td>
                    {kinds.map((kind) => (
                      <Table.Td key={kind} ta="right">
                        {d[kind]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={4}>{t('statistics.perClient')}</Title>
          <Table.ScrollContainer minWidth={320}>
            <Table striped fz="sm" data-testid="catalyst-statistics-clients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('statistics.client')}</Table.Th>
                  <Table.Th>{t('statistics.group')}</Table.Th>
                  <Table.Th ta="right">{t('statistics.calls')}</Table.Th>
                  <Table.Th ta="right">{t('statistics.kinds.signIn')}</Table.Th>
                  <Table.Th ta="right">{t('statistics.kinds.submit')}</Table.Th>
                  <Table.Th ta="right">{t('statistics.devices')}</Table.Th>
                  <Table.Th>{t('statistics.lastLogin')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.clients.map((c) => (
                  <Table.Tr
                    key={c.clientUserId}
                    data-testid="catalyst-statistics-client"
                    data-username={c.username}
                  >
                    <Table.Td>
                      {c.username}
                      {c.name ? ` · ${c.name}` : ''}
                    </Table.Td>
                    <Table.Td>{c.groupName ?? '—'}</Table.Td>
                    <Table.Td ta="right" data-testid="catalyst-statistics-calls">
                      {c.calls}
                    </Table.Td>
                    <Table.Td ta="right">{c.signIns}</Table.Td>
                    <Table.Td ta="right">{c.submits}</Table.Td>
                    <Table.Td ta="right">{c.devices}</Table.Td>
                    <Table.Td>{c.lastLogin ? when.format(new Date(c.lastLogin)) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
};
