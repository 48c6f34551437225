import { ActionIcon, Button, Group, NumberInput, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addQuantities } from '../../../domain/warehouse/quantity';
import { quantityText } from './terminalTexts';

export interface QuantityFieldProps {
  readonly value: number | null;
  readonly onChange: (value: number | null) => void;
  /** A quick answer ("all 12": what is left on the order, or free in the batch). */
  readonly hint?: number | null;
  readonly unit?: string | null;
  readonly label: string;
}

/** A large quantity input with − and + for one thumb; decimals allowed (kg, litres). */
export const QuantityField = ({ value, onChange, hint, unit, label }: QuantityFieldProps): ReactNode => {
  const { t, i18n } = useTranslation('terminal');
  const step = (delta: number) => onChange(Math.max(0, addQuantities(value ?? 0, delta)));
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <ActionIcon
          size={56}
          fz={28}
          variant="default"
          onClick={() => step(-1)}
          aria-label={t('quantity.less')}
          data-testid="terminal-quantity-less"
        >
          −
        </ActionIcon>
        <NumberInput
          label={unit ? `${label} (${unit})` : label}
          size="xl"
          min={0}
          decimalScale={6}
          hideControls
          value={value ?? ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          style={{ flex: 1 }}
          inputMode="decimal"
          data-testid="terminal-quantity"
        />
        <ActionIcon
          size={56}
          fz={28}
          variant="default"
          onClick={() => step(1)}
          aria-label={t('quantity.more')}
          data-testid="terminal-quantity-more"
        >
          +
        </ActionIcon>
      </Group>
      {hint !== null && hint !== undefined && hint > 0 && hint !== value ? (
        <Button
          variant="light"
          size="md"
          mih={48}
          onClick={() => onChange(hint)}
          data-testid="terminal-quantity-all"
        >
          {t('quantity.all', { quantity: quantityText(hint, i18n.language) })}
        </Button>
      ) : null}
    </Stack>
  );
};
