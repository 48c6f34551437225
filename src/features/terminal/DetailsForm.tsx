import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductPick } from './data/resolveScan';
import type { LineDetails } from './terminalFlow';

export interface DetailsFormProps {
  readonly product: ProductPick;
  readonly details: LineDetails;
  readonly onDone: (details: Partial<LineDetails>) => void;
  readonly onCancel: () => void;
}

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/**
 * The batch data of a line the product asks for (expiry, production date, serial), filled from the scan
 * where it had them. Required ones are marked; the rules refuse the line without them.
 */
export const DetailsForm = ({ product, details, onDone, onCancel }: DetailsFormProps): ReactNode => {
  const { t } = useTranslation('terminal');
  const [expDate, setExpDate] = useState(details.expDate ?? '');
  const [prodDate, setProdDate] = useState(details.prodDate ?? '');
  const [serial, setSerial] = useState(details.serialNumber ?? '');
  const [container, setContainer] = useState(details.container ?? '');
  const missing =
    (product.requires.expDate && !expDate) ||
    (product.requires.prodDate && !prodDate) ||
    (product.requires.serial && !serial.trim());
  return (
    <Stack gap="sm" data-testid="terminal-details">
      {product.tracks.expDate ? (
        <TextInput
          type="date"
          size="lg"
          label={t('details.expDate')}
          required={product.requires.expDate}
          value={expDate}
          onChange={(e) => setExpDate(e.currentTarget.value)}
          data-testid="terminal-details-exp"
        />
      ) : null}
      {product.tracks.prodDate ? (
        <TextInput
          type="date"
          size="lg"
          label={t('details.prodDate')}
          required={product.requires.prodDate}
          value={prodDate}
          onChange={(e) => setProdDate(e.currentTarget.value)}
          data-testid="terminal-details-prod"
        />
      ) : null}
      {product.tracks.serial ? (
        <TextInput
          size="lg"
          label={t('details.serial')}
          required={product.requires.serial}
          value={serial}
          onChange={(e) => setSerial(e.currentTarget.value)}
          data-testid="terminal-details-serial"
        />
      ) : null}
      <TextInput
        size="lg"
        label={t('details.container')}
        value={container}
        onChange={(e) => setContainer(e.currentTarget.value)}
        data-testid="terminal-details-container"
      />
      <Group grow>
        <Button size="lg" variant="default" onClick={onCancel} data-testid="terminal-details-cancel">
          {t('actions.cancel')}
        </Button>
        <Button
          size="lg"
          disabled={missing}
          onClick={() =>
            onDone({
              expDate: orNull(expDate),
              prodDate: orNull(prodDate),
              serialNumber: orNull(serial),
              container: orNull(container),
            })
          }
          data-testid="terminal-details-continue"
        >
          {t('actions.continue')}
        </Button>
      </Group>
    </Stack>
  );
};
