import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountUsage } from '../../../domain/account/usage';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { humanSize } from '../files/FilesPanel';

/**
 * The caller's midnight today, so the days are theirs, not the server's. The month is the billing month the
 * limit counts (UTC, the server's), so none is sent.
 */
const localStarts = (now: Date) => ({
  todayFrom: new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString(),
});

/**
 * The company's usage on its account screen (super users): the last seven days as charts and a table, the
 * month's documents against the subscription's limit, and the files kept (GET /api/ClientAccount/usage).
 */
export const AccountUsagePanel = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const [usage, setUsage] = useState<AccountUsage | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    api
      .get<AccountUsage>('/api/ClientAccount/usage', localStarts(new Date()))
      .then((data) => live && setUsage(data))
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, []);

  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
  });
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const rows = (usage?.days ?? []).map((d) => ({ ...d, label: dayLabel.format(new Date(d.from)) }));
  const month = usage?.month;

  return (
    <Paper withBorder p="md" radius="md" data-testid="clientAccount-usage">
      <Title order={4} mb="sm">
        {t('clientAccount.usage.title')}
      </Title>
      {failure !== null && (
        <Alert color="red" data-testid="clientAccount-usage-error">
          {errorMessage(t, failure)}
        </Alert>
      )}
      {!usage && failure === null && <Loader size="sm" />}
      {usage && month && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Text size="sm" data-testid="clientAccount-usage-month">
              {month.limit === null
                ? t('clientAccount.usage.monthDocumentsNoLimit', { count: month.documents })
                : t('clientAccount.usage.monthDocuments', { count: month.documents, limit: month.limit })}
            </Text>
            {month.limit !== null && (
              <Text
                size="sm"
                c={month.overLimit > 0 ? 'orange' : undefined}
                data-testid="clientAccount-usage-over"
              >
                {t('clientAccount.usage.overLimit', {
                  count: month.overLimit,
                  price: money.format(month.extraDocumentPrice),
                  cost: money.format(month.extraCost),
                  budget: money.format(month.extraBudget),
                })}
              </Text>
            )}
            {month.limit !== null && (
              <Text
                size="sm"
                c={month.documentsLeft === 0 ? 'red' : undefined}
                data-testid="clientAccount-usage-left"
              >
                {month.documentsLeft === null
                  ? t('clientAccount.usage.leftNoCap', { budget: money.format(month.budgetLeft) })
                  : t('clientAccount.usage.left', {
                      count: month.documentsLeft,
                      budget: money.format(month.budgetLeft),
                    })}
              </Text>
            )}
            <Text size="sm" data-testid="clientAccount-usage-storage">
              {t('clientAccount.usage.storage', { size: humanSize(usage.storageBytes) })}
            </Text>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BarChart
              h={200}
              data={rows}
              dataKey="label"
              series={[{ name: 'documents', label: t('clientAccount.usage.documents'), color: 'blue.6' }]}
              data-testid="clientAccount-usage-documents-chart"
            />
            <BarChart
              h={200}
              data={rows}
              dataKey="label"
              withLegend
              series={[
                { name: 'activeUsers', label: t('clientAccount.usage.activeUsers'), color: 'teal.6' },
                {
                  name: 'terminalDevices',
                  label: t('clientAccount.usage.terminalDevices'),
                  color: 'orange.6',
                },
              ]}
              data-testid="clientAccount-usage-people-chart"
            />
          </SimpleGrid>
          <Table.ScrollContainer minWidth={320}>
            <Table striped fz="sm" data-testid="clientAccount-usage-days">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('clientAccount.usage.day')}</Table.Th>
                  <Table.Th ta="right">{t('clientAccount.usage.documents')}</Table.Th>
                  <Table.Th ta="right">{t('clientAccount.usage.activeUsers')}</Table.Th>
                  <Table.Th ta="right">{t('clientAccount.usage.terminalDevices')}</Table.Th>
                  <Table.Th ta="right">{t('clientAccount.usage.filesAdded')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.from} data-day={d.from}>
                    <Table.Td>{d.label}</Table.Td>
                    <Table.Td ta="right" data-field="documents">
                      {d.documents}
                    </Table.Td>
                    <Table.Td ta="right" data-field="activeUsers">
                      {d.activeUsers}
                    </Table.Td>
                    <Table.Td ta="right" data-field="terminalDevices">
                      {d.terminalDevices}
                    </Table.Td>
                    <Table.Td ta="right" data-field="filesAdded">
                      {humanSize(d.filesAdded)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
};
