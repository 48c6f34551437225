import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { maxOrderComment } from '../../../domain/portal/basket';
import { errorMessage } from '../../i18n/i18n';
import { fieldErrorsOf } from '../../resources/apiErrors';
import { AppIcon } from '../../ui/icons';
import { quantityText } from '../terminal/terminalTexts';
import { useBasketCount } from './basketStore';
import { type BasketLine, type BasketSummary, portalApi } from './portalApi';
import { portalPaths } from './portalPaths';
import { QuantityStepper } from './QuantityStepper';
import { useShortfallText } from './useShortfallText';

const isoDate = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const plusDays = (days: number): string => isoDate(new Date(Date.now() + days * 86_400_000));

/** A basket line: the product, a stepper saved as it changes, what can be ordered and a remove button. */
const LineCard = ({
  line,
  onChanged,
}: {
  readonly line: BasketLine;
  readonly onChanged: () => void;
}): ReactNode => {
  const { t, i18n } = useTranslation('portal');
  const shortfall = useShortfallText();
  const [quantity, setQuantity] = useState(line.quantity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setQuantity(line.quantity), [line.quantity]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const unit = line.unit ?? '';
  // Taps come quickly on a phone: the last quantity is saved once the thumb rests.
  const change = (next: number) => {
    setQuantity(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      portalApi
        .edit(line.id, next)
        .then(onChanged)
        .catch((error: unknown) => {
          notifications.show({ color: 'red', message: shortfall(error) ?? errorMessage(t, error) });
          onChanged();
        });
    }, 400);
  };
  const remove = () =>
    portalApi
      .remove(line.id)
      .then(onChanged)
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(t, error) }));
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="portal-basket-line"
      data-index={line.index}
      data-short={line.short}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {line.name}
            </Text>
            <Text size="sm" c="dimmed">
              {line.index}
              {unit ? ` · ${unit}` : ''}
            </Text>
          </div>
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            onClick={remove}
            aria-label={t('basket.remove', { product: line.name })}
            data-testid="portal-basket-remove"
          >
            <AppIcon name="trash" />
          </ActionIcon>
        </Group>
        <QuantityStepper
          value={quantity}
          onChange={change}
          max={Math.max(line.available, 1)}
          label={line.name}
          testId="portal-basket-quantity"
        />
        {line.short > 0 ? (
          <Text size="sm" c="red" data-testid="portal-basket-short">
            {t('basket.short', {
              available: quantityText(line.available, i18n.language),
              missing: quantityText(line.short, i18n.language),
              unit,
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('catalogue.available', { quantity: quantityText(line.available, i18n.language), unit })}
          </Text>
        )}
      </Stack>
    </Card>
  );
};

/** /portal/basket: the lines, the delivery date, a comment and the confirmation into an order. */
export const BasketPage = (): ReactNode => {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const shortfall = useShortfallText();
  const setCount = useBasketCount((s) => s.set);
  const [summary, setSummary] = useState<BasketSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [deliveryDate, setDeliveryDate] = useState(plusDays(1));
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);

  const load = useCallback(() => {
    portalApi
      .summary()
      .then((s) => {
        setSummary(s);
        setCount(s.lines);
        setLoadError(null);
      })
      .catch((error: unknown) => setLoadError(errorMessage(t, error)));
  }, [setCount, t]);
  useEffect(load, [load]);

  const confirm = async () => {
    setBusy(true);
    setRefusal(null);
    setDateError(null);
    try {
      const order = await portalApi.confirm(deliveryDate, comment);
      setCount(0);
      notifications.show({ color: 'teal', message: t('basket.confirmed', { number: order.orderNumber }) });
      navigate(portalPaths.order(order.id));
    } catch (error) {
      const dateField = fieldErrorsOf(error).find((f) => f.field === 'deliveryDate');
      if (dateField) setDateError(t(`errors:${dateField.rule}`, { ...dateField.params }));
      setRefusal(shortfall(error) ?? (dateField ? null : errorMessage(t, error)));
      load();
    } finally {
      setBusy(false);
    }
  };

  if (!summary) return loadError ? <Alert color="red">{loadError}</Alert> : <Loader />;
  return (
    <Stack gap="md" data-testid="portal-basket">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('basket.title')}</Title>
        <Button component={Link} to={portalPaths.catalogue} variant="light" data-testid="portal-basket-more">
          {t('basket.addMore')}
        </Button>
      </Group>
      {summary.positions.length === 0 ? (
        <Text c="dimmed" data-testid="portal-basket-empty">
          {t('basket.empty')}
        </Text>
      ) : (
        <>
          {summary.positions.map((line) => (
            <LineCard key={line.id} line={line} onChanged={load} />
          ))}
          {summary.shortLines > 0 && (
            <Alert color="orange" data-testid="portal-basket-short-alert">
              {t('basket.shortLines', { count: summary.shortLines })}
            </Alert>
          )}
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              <TextInput
                type="date"
                label={t('basket.deliveryDate')}
                value={deliveryDate}
                min={plusDays(0)}
                onChange={(e) => setDeliveryDate(e.currentTarget.value)}
                error={dateError}
                required
                size="md"
                data-testid="portal-basket-date"
              />
              <Textarea
                label={t('basket.comment')}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={maxOrderComment}
                autosize
                minRows={2}
                data-testid="portal-basket-comment"
              />
              {refusal && (
                <Alert color="red" data-testid="portal-basket-refusal" style={{ whiteSpace: 'pre-line' }}>
                  {refusal}
                </Alert>
              )}
              <Button
                size="lg"
                onClick={confirm}
                loading={busy}
                disabled={!deliveryDate}
                data-testid="portal-basket-confirm"
              >
                {t('basket.confirm', { count: summary.lines })}
              </Button>
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
};
