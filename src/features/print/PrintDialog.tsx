import { Button, Group, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintObjectType } from '../../../domain/print/printVocabulary';
import { errorMessage } from '../../i18n/i18n';
import type { Row } from '../../resources/resourceApi';
import { useDevicePrinterStore } from './devicePrinterStore';
import { printApi } from './printApi';

export interface PrintDialogProps {
  readonly opened: boolean;
  readonly onClose: () => void;
  /** The kinds of record this record can be printed as (a document: the document, its shipping label). */
  readonly objectTypes: readonly PrintObjectType[];
  readonly objectId: string;
}

type Destination = 'pdf' | 'printer';

/**
 * Chooses a layout and where to print (a PDF download or a label printer), then prints the record. The printer
 * offered first is this device's; the one printed to becomes this device's (the terminal's line labels go there).
 */
export const PrintDialog = ({ opened, onClose, objectTypes, objectId }: PrintDialogProps): ReactNode => {
  const { t } = useTranslation(['print', 'errors', 'resources']);
  const setDevicePrinter = useDevicePrinterStore((state) => state.setPrinter);
  const [layouts, setLayouts] = useState<Row[] | null>(null);
  const [printers, setPrinters] = useState<Row[]>([]);
  const [layoutId, setLayoutId] = useState<string | null>(null);
  const [printerId, setPrinterId] = useState<string | null>(null);
  const [destination, setDestination] = useState<Destination>('pdf');
  const [busy, setBusy] = useState(false);
  const typesKey = objectTypes.join(',');

  useEffect(() => {
    if (!opened) return;
    let current = true;
    const types = typesKey.split(',') as PrintObjectType[];
    Promise.all([printApi.layouts(types), printApi.printers()]).then(
      ([foundLayouts, foundPrinters]) => {
        if (!current) return;
        setLayouts(foundLayouts);
        setPrinters(foundPrinters);
        const preferred =
          types
            .map((type) => foundLayouts.find((l) => l.objectType === type && l.isDefault === true))
            .find(Boolean) ?? foundLayouts[0];
        setLayoutId(preferred?.id ?? null);
        const mine = useDevicePrinterStore.getState().printer?.id;
        setPrinterId((foundPrinters.find((p) => p.id === mine) ?? foundPrinters[0])?.id ?? null);
      },
      (error: unknown) => {
        if (current) notifications.show({ color: 'red', message: errorMessage(t, error) });
      },
    );
    return () => {
      current = false;
    };
  }, [opened, typesKey, t]);

  const layout = layouts?.find((l) => l.id === layoutId);
  const printer = printers.find((p) => p.id === printerId);
  const print = async () => {
    if (!layout) return;
    const target = { objectType: layout.objectType as PrintObjectType, objectId, layoutId: layout.id };
    setBusy(true);
    try {
      if (destination === 'pdf') await printApi.pdf(target);
      else if (printer) {
        await printApi.toPrinter(target, printer.id);
        setDevicePrinter({ id: printer.id, name: String(printer.name) });
      }
      notifications.show({ color: 'green', message: t('print:dialog.done') });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('print:dialog.title')} data-testid="print-dialog">
      <Stack gap="sm">
        {layouts !== null && layouts.length === 0 ? (
          <Text c="red" size="sm" data-testid="print-no-layout">
            {t('errors:labelLayoutMissing')}
          </Text>
        ) : null}
        <Select
          label={t('print:dialog.layout')}
          data={(layouts ?? []).map((l) => ({
            value: l.id,
            label: `${String(l.name)} · ${t(`resources:printLayout.options.objectType.${String(l.objectType)}`)}`,
          }))}
          value={layoutId}
          onChange={setLayoutId}
          allowDeselect={false}
          data-testid="print-layout"
        />
        <SegmentedControl
          fullWidth
          value={destination}
          onChange={(v) => setDestination(v as Destination)}
          data={[
            { value: 'pdf', label: t('print:dialog.pdf') },
            { value: 'printer', label: t('print:dialog.printer') },
          ]}
          data-testid="print-destination"
        />
        {destination === 'printer' ? (
          printers.length ? (
            <Select
              label={t('print:dialog.printer')}
              // The address goes under the field: beside the name it would be cut on a phone.
              data={printers.map((p) => ({ value: p.id, label: String(p.name) }))}
              description={printer ? String(printer.address) : undefined}
              value={printerId}
              onChange={setPrinterId}
              allowDeselect={false}
              data-testid="print-printer"
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('print:dialog.noPrinters')}
            </Text>
          )
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('print:dialog.cancel')}
          </Button>
          <Button
            onClick={() => void print()}
            loading={busy}
            disabled={!layout || (destination === 'printer' && !printerId)}
            data-testid="print-submit"
          >
            {t('print:dialog.print')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
