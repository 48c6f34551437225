import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/i18n';
import type { Row } from '../../resources/resourceApi';
import { useDevicePrinterStore } from './devicePrinterStore';
import { printApi } from './printApi';

export interface LineLabelButtonProps {
  readonly productId: string;
  readonly lot?: string | undefined;
  readonly expiryDate?: string | undefined;
  readonly quantity?: number | undefined;
}

type Outcome = { tone: 'ok' | 'error'; text: string } | null;

/**
 * On a terminal's receipt line: prints the goods' label (product label layout, GTIN, lot and expiry) on the printer
 * assigned to this device, chosen here the first time. Printing needs the server: offline it says so and does
 * nothing else — the line itself is the device's and is never touched.
 */
export const LineLabelButton = ({
  productId,
  lot,
  expiryDate,
  quantity,
}: LineLabelButtonProps): ReactNode => {
  const { t } = useTranslation(['print', 'errors', 'common']);
  const { printer, setPrinter } = useDevicePrinterStore();
  const [choosing, setChoosing] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const offline = () => typeof navigator !== 'undefined' && !navigator.onLine;

  const choose = async () => {
    setOutcome(null);
    if (offline()) return setOutcome({ tone: 'error', text: t('print:terminal.offline') });
    try {
      setChoosing(await printApi.printers());
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(t, error) });
    }
  };

  const print = async () => {
    setOutcome(null);
    if (!printer) return void choose();
    if (offline()) return setOutcome({ tone: 'error', text: t('print:terminal.offline') });
    setBusy(true);
    try {
      await printApi.toPrinter(
        {
          objectType: 'product',
          objectId: productId,
          goods: {
            ...(lot ? { lot } : {}),
            ...(expiryDate ? { expiryDate: expiryDate.slice(0, 10) } : {}),
            ...(quantity !== undefined ? { quantity } : {}),
          },
        },
        printer.id,
      );
      setOutcome({ tone: 'ok', text: t('print:terminal.printed', { printer: printer.name }) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      {choosing ? (
        choosing.length ? (
          <Select
            label={t('print:terminal.choosePrinter')}
            data={choosing.map((p) => ({ value: p.id, label: String(p.name) }))}
            onChange={(id) => {
              const found = choosing.find((p) => p.id === id);
              if (found) setPrinter({ id: found.id, name: String(found.name) });
              setChoosing(null);
            }}
            data-testid="terminal-label-printer"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('print:dialog.noPrinters')}
          </Text>
        )
      ) : null}
      <Group gap="xs" wrap="wrap">
        <Button
          size="md"
          mih={48}
          variant="light"
          onClick={() => void print()}
          loading={busy}
          data-testid="terminal-label-print"
        >
          {t('print:terminal.printLabel')}
        </Button>
        {printer ? (
          <Button size="md" mih={48} variant="subtle" onClick={() => void choose()}>
            {t('print:terminal.changePrinter')}
          </Button>
        ) : null}
      </Group>
      {outcome ? (
        <Text
          size="sm"
          c={outcome.tone === 'ok' ? 'green' : 'red'}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="terminal-label-outcome"
        >
          {outcome.text}
        </Text>
      ) : null}
    </Stack>
  );
};
