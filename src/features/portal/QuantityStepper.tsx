import { ActionIcon, Group, NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLineQuantity } from '../../../domain/portal/basket';

export interface QuantityStepperProps {
  readonly value: number;
  readonly onChange: (value: number) => void;
  /** Upper bound offered by +; typing more is allowed (the server says what is short). */
  readonly max?: number;
  readonly disabled?: boolean;
  /** data-testid prefix: `<p>-minus`, `<p>-value`, `<p>-plus`. */
  readonly testId: string;
  /** What the number is of (the product), for screen readers. */
  readonly label: string;
}

/**
 * A quantity with big − and + buttons either side: usable with one thumb on a phone (44 px targets), typed on a
 * desktop. Whole steps of 1; decimals can be typed.
 */
export const QuantityStepper = ({
  value,
  onChange,
  max,
  disabled,
  testId,
  label,
}: QuantityStepperProps): ReactNode => {
  const { t } = useTranslation('portal');
  const step = (delta: number) => {
    const next = Math.max(1, Math.round((value + delta) * 1e6) / 1e6);
    onChange(max !== undefined && max >= 1 ? Math.min(next, Math.max(max, 1)) : next);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        size={44}
        variant="light"
        radius="xl"
        onClick={() => step(-1)}
        disabled={disabled || value <= 1}
        aria-label={t('stepper.less', { product: label })}
        data-testid={`${testId}-minus`}
      >
        <span aria-hidden="true" style={{ fontSize: 24, lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <NumberInput
        value={value}
        onChange={(v) => {
          const n = typeof v === 'number' ? v : Number(v);
          if (Number.isFinite(n) && n > 0) onChange(n);
        }}
        min={0}
        max={maxLineQuantity}
        decimalScale={6}
        hideControls
        w={76}
        size="md"
        styles={{ input: { textAlign: 'center' } }}
        disabled={disabled}
        aria-label={t('stepper.quantity', { product: label })}
        data-testid={`${testId}-value`}
      />
      <ActionIcon
        size={44}
        variant="light"
        radius="xl"
        onClick={() => step(1)}
        disabled={disabled || (max !== undefined && value >= max)}
        aria-label={t('stepper.more', { product: label })}
        data-testid={`${testId}-plus`}
      >
        <span aria-hidden="true" style={{ fontSize: 24, lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
};
