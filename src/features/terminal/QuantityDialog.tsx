import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPositiveQuantity } from '../../../domain/warehouse/quantity';

export interface QuantityDialogProps {
  readonly opened: boolean;
  readonly title: string;
  readonly message?: string;
  readonly initial: number;
  /** Zero allowed (a count that found nothing). */
  readonly allowZero?: boolean;
  readonly onSave: (quantity: number) => void;
  readonly onClose: () => void;
}

/** Asks for a new quantity (the "change the quantity" way forward of a refused line). */
export const QuantityDialog = ({
  opened,
  title,
  message,
  initial,
  allowZero = false,
  onSave,
  onClose,
}: QuantityDialogProps): ReactNode => {
  const { t } = useTranslation('terminal');
  const [value, setValue] = useState<number | null>(initial);
  const valid = value !== null && (allowZero ? value >= 0 : isPositiveQuantity(value));
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md" data-testid="terminal-quantity-dialog">
        {message ? <Text size="sm">{message}</Text> : null}
        <NumberInput
          label={t('labels.quantity')}
          size="xl"
          min={0}
          decimalScale={6}
          value={value ?? ''}
          onChange={(v) => setValue(typeof v === 'number' ? v : v === '' ? null : Number(v))}
          data-autofocus
          data-testid="terminal-fix-quantity-input"
        />
        <Group grow>
          <Button size="lg" variant="default" onClick={onClose} data-testid="terminal-fix-quantity-cancel">
            {t('actions.cancel')}
          </Button>
          <Button
            size="lg"
            disabled={!valid}
            onClick={() => value !== null && onSave(value)}
            data-testid="terminal-fix-quantity-save"
          >
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
