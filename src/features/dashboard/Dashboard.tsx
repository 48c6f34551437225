import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardFigures, FleetDevice } from '../../../domain/dashboard';
import { errorMessage } from '../../i18n/i18n';
import { useDashboard } from './useDashboard';

/** "5 min ago" in the app's language. */
const ago = (iso: string | null, language: string, at: number): string | null => {
  if (!iso) return null;
  const minutes = Math.round((Date.parse(iso) - at) / 60_000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  return Math.abs(hours) < 48 ? format.format(hours, 'hour') : format.format(Math.round(hours / 24), 'day');
};

const quantity = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);

const day = (isoDate: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** A device whose data is older than this is shown as behind (the company's limit may be set lower). */
const behindMs = 30 * 60_000;

const Figure = ({ value, label, testId }: { value: number; label: string; testId: string }): ReactNode => (
  <Stack gap={0} align="flex-start">
    <Text fz={28} fw={700} lh={1.1} data-testid={testId}>
      {value}
    </Text>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
  </Stack>
);

const FleetTable = ({ fleet, at }: { fleet: readonly FleetDevice[]; at: number }): ReactNode => {
  const { t, i18n } = useTranslation('dashboard');
  if (fleet.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="dashboard-fleet-empty">
        {t('fleet.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover data-testid="dashboard-fleet">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fleet.device')}</Table.Th>
            <Table.Th>{t('fleet.user')}</Table.Th>
            <Table.Th>{t('fleet.lastSync')}</Table.Th>
            <Table.Th ta="right">{t('fleet.pending')}</Table.Th>
            <Table.Th ta="right">{t('fleet.rejected')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fleet.map((d) => {
            const behind = d.replicaAgeMs !== null && d.replicaAgeMs > behindMs;
            return (
              <Table.Tr key={d.deviceId} data-testid="dashboard-fleet-row" data-device={d.deviceId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.deviceId}</Table.Td>
                <Table.Td>{d.userName}</Table.Td>
                <Table.Td c={behind ? 'orange' : undefined} data-testid="dashboard-fleet-sync">
                  {ago(d.lastSyncAt, i18n.language, at) ?? t('fleet.never')}
                </Table.Td>
                <Table.Td ta="right" data-testid="dashboard-fleet-pending">
                  {d.pending ?? '–'}
                </Table.Td>
                <Table.Td ta="right" data-testid="dashboard-fleet-rejected">
                  {d.rejected ? (
                    <Badge color="red" variant="filled">
                      {d.rejected}
                    </Badge>
                  ) : (
                    (d.rejected ?? '–')
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

const Figures = ({ figures, at }: { figures: DashboardFigures; at: number }): ReactNode => {
  const { t, i18n } = useTranslation(['dashboard', 'warehouse']);
  const lng = i18n.language;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card withBorder radius="md" padding="md" data-testid="dashboard-orders">
          <Title order={4} mb="xs">
            {t('orders.title')}
          </Title>
          <Stack gap={4}>
            {figures.ordersByStatus.map((o) => (
              <Group key={o.statusCode} justify="space-between" wrap="nowrap">
                <Text size="sm">{t(`warehouse:orderStatuses.${o.statusCode}`)}</Text>
                <Text fw={700} data-testid={`dashboard-orders-${o.statusCode}`}>
                  {o.count}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={4} mb="xs">
            {t('today.title')}
          </Title>
          <Group gap="xl">
            <Figure
              value={figures.today.receipts}
              label={t('today.receipts')}
              testId="dashboard-today-receipts"
            />
            <Figure
              value={figures.today.releases}
              label={t('today.releases')}
              testId="dashboard-today-releases"
            />
          </Group>
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="dashboard-working-copies">
          <Title order={4} mb="xs">
            {t('workingCopies.title')}
          </Title>
          <Figure
            value={figures.workingCopies.count}
            label={t('workingCopies.count')}
            testId="dashboard-working-count"
          />
          <Stack gap={2} mt="xs">
            {figures.workingCopies.oldest.map((d) => (
              <Anchor key={d.id} component={Link} to={`/documents/${d.id}`} size="sm">
                {`${d.number} · ${ago(d.updatedAt, lng, at) ?? ''}`}
              </Anchor>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="dashboard-low-stock">
          <Title order={4} mb="xs">
            {t('lowStock.title')}
          </Title>
          <Group gap="xl">
            <Figure
              value={figures.lowStock.critical}
              label={t('lowStock.critical')}
              testId="dashboard-low-critical"
            />
            <Figure
              value={figures.lowStock.warning}
              label={t('lowStock.warning')}
              testId="dashboard-low-warning"
            />
          </Group>
          <Stack gap={2} mt="xs">
            {figures.lowStock.items.map((i) => (
              <Group key={i.productId} justify="space-between" wrap="nowrap" gap="xs">
                <Text
                  size="sm"
                  style={{ overflowWrap: 'anywhere', minWidth: 0 }}
                >{`${i.index} · ${i.name}`}</Text>
                <Badge
                  color={i.level === 'critical' ? 'red' : 'orange'}
                  variant="light"
                  style={{ flexShrink: 0 }}
                >
                  {quantity(i.available, lng)}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="dashboard-expiring">
          <Title order={4} mb="xs">
            {t('expiring.title')}
          </Title>
          <Figure
            value={figures.expiring.count}
            label={t('expiring.count')}
            testId="dashboard-expiring-count"
          />
          <Stack gap={2} mt="xs">
            {figures.expiring.items.map((i) => (
              <Text
                key={`${i.productId}-${i.locationLabel}-${i.expDate}`}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {t('expiring.item', {
                  product: i.index,
                  location: i.locationLabel,
                  date: day(i.expDate, lng),
                  quantity: quantity(i.quantity, lng),
                })}
              </Text>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="md">
        <Title order={4} mb="xs">
          {t('fleet.title')}
        </Title>
        <FleetTable fleet={figures.fleet} at={at} />
      </Card>
    </Stack>
  );
};

/** The supervisor's first screen: the company's own figures, kept live through the hub. */
export const Dashboard = (): ReactNode => {
  const { t } = useTranslation(['dashboard', 'errors']);
  const { figures, error, at } = useDashboard();
  return (
    <Stack gap="sm" data-testid="dashboard">
      {error && !figures ? (
        <Alert color="orange" data-testid="dashboard-error">
          {errorMessage(t, error)}
        </Alert>
      ) : null}
      {figures && at !== null ? <Figures figures={figures} at={at} /> : null}
    </Stack>
  );
};
