import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { type ChartSeries, chartRows, type MarketNow, periodStart } from './marketData';

const periods = ['7', '30', '90', '365'] as const;
type Period = (typeof periods)[number];

interface Charts {
  readonly series: readonly ChartSeries[];
}

const number = (value: number | null | undefined, lng: string, digits = 4): string =>
  value === null || value === undefined
    ? '—'
    : new Intl.NumberFormat(lng, { maximumFractionDigits: digits }).format(value);

/** One rate's history: the market quote and the company's rate made of it. */
const HistoryChart = ({
  series,
  testId,
}: {
  readonly series: ChartSeries;
  readonly testId: string;
}): ReactNode => {
  const { t, i18n } = useTranslation('catalyst');
  const rows = chartRows(series, i18n.language);
  return (
    <Card withBorder padding="sm" radius="md" data-testid={testId} data-rate={series.label}>
      <Text fw={600} size="sm" mb="xs">
        {series.label} · {series.name}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('market.noHistory')}
        </Text>
      ) : (
        <LineChart
          h={180}
          data={rows}
          dataKey="label"
          series={[
            { name: 'market', label: t('market.marketQuote'), color: 'blue.6' },
            { name: 'company', label: t('market.companyRate'), color: 'teal.6' },
          ]}
          curveType="linear"
          withLegend
          connectNulls
          valueFormatter={(value) => number(value, i18n.language)}
        />
      )}
    </Card>
  );
};

/**
 * The stock-market screen: metal quotes with the company's effective rates and market phases, exchange rates,
 * and the history of each over a chosen period.
 */
export const CatalystMarketPage = (): ReactNode => {
  const { t, i18n } = useTranslation(['catalyst', 'resources', 'errors']);
  const [period, setPeriod] = useState<Period>('30');
  const [market, setMarket] = useState<MarketNow | null>(null);
  const [metalCharts, setMetalCharts] = useState<readonly ChartSeries[]>([]);
  const [exchangeCharts, setExchangeCharts] = useState<readonly ChartSeries[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const load = useCallback(async (days: number) => {
    const now = await api.get<MarketNow>('/api/catalyst/market');
    const from = periodStart(now.now, days);
    const [metals, exchanges] = await Promise.all([
      api.get<Charts>('/api/catalyst/companystockraterule/charts', { from }),
      api.get<Charts>('/api/catalyst/companycurrencyraterule/charts', { from }),
    ]);
    return { now, metals: metals.series, exchanges: exchanges.series };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same period again
  useEffect(() => {
    let cancelled = false;
    load(Number(period))
      .then((found) => {
        if (cancelled) return;
        setMarket(found.now);
        setMetalCharts(found.metals);
        setExchangeCharts(found.exchanges);
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(errorMessage(t, error));
      });
    return () => {
      cancelled = true;
    };
  }, [period, reload, load, t]);

  const lng = i18n.language;
  return (
    <Stack gap="md" data-testid="catalyst-market">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('market.title')}</Title>
        <Group gap="xs">
          <SegmentedControl
            value={period}
            onChange={(value) => setPeriod(value as Period)}
            data={periods.map((p) => ({ value: p, label: t(`market.period.${p}`) }))}
            data-testid="catalyst-market-period"
          />
          <Button variant="light" onClick={() => setReload((n) => n + 1)}>
            {t('market.refresh')}
          </Button>
        </Group>
      </Group>
      {failure && <Alert color="red">{failure}</Alert>}
      {market && (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table striped fz="sm" data-testid="catalyst-market-metals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('market.metal')}</Table.Th>
                  <Table.Th ta="right">{t('market.marketQuote')}</Table.Th>
                  <Table.Th ta="right">{t('market.companyRate')}</Table.Th>
                  <Table.Th>{t('market.phase')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {market.metals.map((m) => (
                  <Table.Tr key={m.id} data-testid="catalyst-market-metal" data-rate={m.shortName}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {m.shortName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {t('market.perGram', { value: number(m.marketRate, lng), currency: m.quoteCurrency })}
                    </Table.Td>
                    <Table.Td ta="right" data-testid="catalyst-market-effective">
                      {t('market.perGram', {
                        value: number(m.effectiveRate, lng),
                        currency: market.currency,
                      })}
                    </Table.Td>
                    <Table.Td>
                      {m.marketPhase ? (
                        <Badge size="sm" variant="light">
                          {t(`resources:companyStockRateRule.options.marketPhase.${m.marketPhase}`)}
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {market.exchanges.length > 0 && (
            <Table.ScrollContainer minWidth={320}>
              <Table striped fz="sm" data-testid="catalyst-market-exchanges">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('market.pair')}</Table.Th>
                    <Table.Th ta="right">{t('market.marketQuote')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {market.exchanges.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{e.pairName}</Table.Td>
                      <Table.Td ta="right">{number(e.marketPrice, lng)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
      <Title order={4}>{t('market.history')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {metalCharts.map((s) => (
          <HistoryChart key={s.rateId} series={s} testId="catalyst-market-chart" />
        ))}
        {exchangeCharts.map((s) => (
          <HistoryChart key={s.rateId} series={s} testId="catalyst-market-exchange-chart" />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
