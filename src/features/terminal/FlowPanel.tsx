import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsForm } from './DetailsForm';
import { FeedbackBanner } from './FeedbackBanner';
import { QuantityField } from './QuantityField';
import { ScanBar } from './ScanBar';
import { lineDraftOf, stepOf } from './terminalFlow';
import { quantityText } from './terminalTexts';
import type { LineFlow } from './useLineFlow';

export interface FlowPanelProps {
  readonly flow: LineFlow;
  /** The quick quantity ("all N"): what the order still lacks of the product. */
  readonly quantityHint?: number | null;
  /** Where to go (FEFO source, putaway), shown until a location is scanned. */
  readonly suggestion?: ReactNode;
  /** Scanning off (a dialog is open). */
  readonly scanning?: boolean;
}

const Collected = ({
  label,
  value,
  onClear,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly onClear: () => void;
  readonly testId: string;
}): ReactNode => {
  const { t } = useTranslation('terminal');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={700} fz="lg" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        size="md"
        mih={48}
        style={{ flexShrink: 0 }}
        onClick={onClear}
        data-testid={`${testId}-clear`}
      >
        {t('actions.change')}
      </Button>
    </Group>
  );
};

/**
 * The line being recorded: the current step in big letters, what has been scanned so far (each can be
 * changed), the batch data, the quantity and "confirm line". Scanning works at every step.
 */
export const FlowPanel = ({ flow, quantityHint, suggestion, scanning = true }: FlowPanelProps): ReactNode => {
  const { t, i18n } = useTranslation('terminal');
  const { state, dispatch, busy } = flow;
  const step = stepOf(state);
  const stepText = t(`steps.${step}${state.kind === 'verify' && step === 'quantity' ? 'Count' : ''}`);
  const d = state.details;
  const batch = [
    d.expDate ? t('batch.exp', { date: d.expDate }) : null,
    d.prodDate ? t('batch.prod', { date: d.prodDate }) : null,
    d.serialNumber ? t('batch.serial', { serial: d.serialNumber }) : null,
    d.lot && d.lot !== d.serialNumber ? t('batch.lot', { lot: d.lot }) : null,
    d.container ? t('batch.container', { container: d.container }) : null,
  ].filter((x): x is string => x !== null);
  const batches = state.batches ?? [];
  const ready = lineDraftOf(state) !== null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="terminal-flow" data-step={step}>
      <Stack gap="sm">
        {state.fixing ? (
          <Badge color="orange" variant="light" size="lg" data-testid="terminal-fixing">
            {t('fix.redoing')}
          </Badge>
        ) : null}
        <Text fz={24} fw={800} data-testid="terminal-step">
          {stepText}
        </Text>
        <FeedbackBanner feedback={state.feedback} />
        {state.location ? (
          <Collected
            label={t('labels.location')}
            value={state.location.label}
            onClear={() => dispatch({ type: 'cleared', what: 'location' })}
            testId="terminal-location"
          />
        ) : null}
        {state.product ? (
          <Collected
            label={t('labels.product')}
            value={`${state.product.index} · ${state.product.name}`}
            onClear={() => dispatch({ type: 'cleared', what: 'product' })}
            testId="terminal-product"
          />
        ) : null}
        {batch.length ? (
          <Group gap={6} data-testid="terminal-batch">
            {batch.map((b) => (
              <Badge key={b} variant="outline" size="lg">
                {b}
              </Badge>
            ))}
          </Group>
        ) : null}
        {step === 'details' && state.product ? (
          <DetailsForm
            key={`${state.product.id}:${state.location?.id ?? ''}`}
            product={state.product}
            details={state.details}
            onDone={(details) => dispatch({ type: 'detailsEntered', details })}
            onCancel={() =>
              state.editingDetails
                ? dispatch({ type: 'detailsEdit', open: false })
                : dispatch({ type: 'cleared', what: 'product' })
            }
          />
        ) : null}
        {step === 'quantity' && batches.length > 1 ? (
          <Stack gap={4} data-testid="terminal-batches">
            <Text size="sm" c="dimmed">
              {t('batch.choose')}
            </Text>
            {batches.map((b, i) => {
              const chosen =
                b.expDate === d.expDate &&
                b.serialNumber === d.serialNumber &&
                b.prodDate === d.prodDate &&
                b.container === d.container;
              return (
                <Button
                  key={`${b.expDate}|${b.serialNumber}|${b.prodDate}|${b.container}`}
                  variant={chosen ? 'filled' : 'default'}
                  size="md"
                  mih={48}
                  justify="space-between"
                  onClick={() => dispatch({ type: 'batchChosen', index: i })}
                  data-testid="terminal-batch-option"
                >
                  {[
                    b.expDate ? t('batch.exp', { date: b.expDate }) : t('batch.noExpiry'),
                    b.serialNumber ? t('batch.serial', { serial: b.serialNumber }) : null,
                    b.container ? t('batch.container', { container: b.container }) : null,
                    t('batch.free', { quantity: quantityText(b.available, i18n.language) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Button>
              );
            })}
          </Stack>
        ) : null}
        {step === 'quantity' ? (
          <>
            {state.product &&
            (state.product.tracks.expDate ||
              state.product.tracks.serial ||
              state.product.tracks.prodDate ||
              state.kind === 'receipt') ? (
              <Button
                variant="subtle"
                size="md"
                mih={48}
                onClick={() => dispatch({ type: 'detailsEdit', open: true })}
                data-testid="terminal-details-edit"
              >
                {t('details.edit')}
              </Button>
            ) : null}
            <QuantityField
              label={state.kind === 'verify' ? t('labels.counted') : t('labels.quantity')}
              value={state.quantity}
              unit={state.product?.unit ?? null}
              hint={quantityHint ?? null}
              onChange={(quantity) => dispatch({ type: 'quantitySet', quantity })}
            />
            <Button
              size="xl"
              mih={64}
              fullWidth
              color="teal"
              disabled={!ready}
              loading={busy}
              onClick={() => void flow.confirmLine()}
              data-testid="terminal-confirm-line"
            >
              {t('actions.confirmLine')}
            </Button>
          </>
        ) : null}
        {state.location ? null : suggestion}
        <ScanBar onScan={flow.onScan} label={stepText} enabled={scanning && !busy} />
        {state.location || state.product ? (
          <Button
            variant="subtle"
            color="gray"
            size="md"
            mih={48}
            onClick={() => dispatch({ type: 'cleared', what: 'all' })}
            data-testid="terminal-clear-line"
          >
            {t('actions.clearLine')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
};
