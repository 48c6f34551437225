import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { textOf } from '../../../domain/rowValues';
import { addQuantities } from '../../../domain/warehouse/quantity';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { LineLabelButton } from '../print/LineLabelButton';
import { StaleDataAlert } from '../sync/StaleDataAlert';
import { discardEntry, finishCount, finishOrder, setRecordedQuantity } from './data/actions';
import type { FlowKind } from './data/flowKinds';
import { orderDetail, type PositionView } from './data/orderViews';
import { locationPickOf, productPickOf } from './data/resolveScan';
import { FlowPanel } from './FlowPanel';
import { LineCard } from './LineCard';
import { NextOnMapButton } from './NextOnMapButton';
import { QuantityDialog } from './QuantityDialog';
import { RejectionBox } from './RejectionBox';
import { SuggestionCard } from './SuggestionCard';
import { TerminalLayout } from './TerminalLayout';
import { type Feedback, noDetails } from './terminalFlow';
import { kindPath, orderPath } from './terminalPaths';
import { quantityText, stateColor } from './terminalTexts';
import { useLineFlow } from './useLineFlow';
import { type Stop, walkingRound } from './walkingOrder';

/**
 * /terminal/:kind/order/:id: an order worked line by line — receipt, release and picking record what was
 * moved on the order's positions (their documents are generated when the order is finished), a count
 * records what was found. The next line and where to go are suggested; every recorded line shows its sync
 * state, a refused one its reason and the ways forward.
 */
export const TerminalOrderPage = ({
  kind,
  orderId,
}: {
  readonly kind: FlowKind;
  readonly orderId: string;
}): ReactNode => {
  const { t, i18n } = useTranslation(['terminal', 'sync']);
  const navigate = useNavigate();
  const detail = useReplicaQuery((tx) => orderDetail(tx, orderId), [orderId]);
  // The open positions as the round walks them, each with where it is done (re-read when they change).
  const open = detail ? detail.positions.filter((p) => (detail.isCount ? p.recorded === null : !p.done)) : [];
  const openKey = open.map((p) => `${p.id}:${p.remaining}`).join(',');
  const headerLocationId = detail ? (textOf(detail.order.destinationLocationId) ?? null) : null;
  const round = useReplicaQuery(
    (tx) => walkingRound(tx, kind, open, headerLocationId),
    [kind, openKey, headerLocationId],
  );
  const flow = useLineFlow(kind, { mode: 'order', orderId });
  const [finishing, setFinishing] = useState(false);
  const [quantityOf, setQuantityOf] = useState<PositionView | null>(null);
  const { state, dispatch, run, busy } = flow;
  const back = kindPath(kind);
  const q = (v: number | null | undefined) => quantityText(v, i18n.language);

  if (!detail)
    return (
      <TerminalLayout title={t(`kinds.${kind}`)} back={back}>
        {detail === null ? (
          <Alert color="orange" data-testid="terminal-order-gone">
            <Text size="sm">{t('orders.gone')}</Text>
          </Alert>
        ) : null}
      </TerminalLayout>
    );

  const { order, positions, totals, isCount, locations } = detail;
  const orderNumber = String(order.orderNumber ?? '');
  const labelOf = (id: string | null) => (id ? String(locations.get(id)?.label ?? '') : '');
  /** Positions in the round's order (as listed until the round is read). */
  const inRound = (list: readonly PositionView[]): Stop[] => {
    const ids = new Set(list.map((p) => p.id));
    const known = (round ?? []).filter((s) => ids.has(s.position.id));
    return known.length === list.length
      ? known.map((s) => ({ ...s, position: list.find((p) => p.id === s.position.id) ?? s.position }))
      : list.map((position) => ({ position, location: undefined }));
  };
  const here = state.location
    ? open.filter((p) => !isCount || p.sourceLocationId === state.location?.id)
    : open;
  // The next line to do: the scanned product's, else the first of the round.
  const next = state.product
    ? open.find((p) => p.productId === state.product?.id)
    : (inRound(here)[0]?.position ?? open[0]);
  // Where the next line is done: its stop on the round (its own location, else the FEFO source or the order's).
  const nextStopId =
    (round ?? []).find((s) => s.position.id === next?.id)?.location?.id ??
    (next ? (kind === 'receipt' ? next.destinationLocationId : next.sourceLocationId) : null) ??
    null;
  const recorded = positions.filter((p) => p.state !== null);
  // A count at a scanned place lists what is to count there.
  const listed = isCount && state.location ? here : open;
  const productId = state.product?.id ?? next?.productId ?? null;
  const productIndex = state.product?.index ?? String(next?.product?.index ?? '');
  const remainingOf = (id: string | null) =>
    id ? addQuantities(...positions.filter((p) => p.productId === id).map((p) => p.remaining)) : 0;
  const orderLocationId = next?.destinationLocationId ?? null;
  const orderLocation =
    kind === 'receipt' && orderLocationId && locations.get(orderLocationId)
      ? locationPickOf(locations.get(orderLocationId) ?? { id: orderLocationId })
      : null;
  const leave = (notice: Feedback) => navigate(back, { state: { notice } });

  const fixOtherLocation = (p: PositionView) => {
    if (!p.product) return;
    const asked = (p.rejectedQuantity ?? 0) - p.realised;
    dispatch({
      type: 'fixStarted',
      id: p.id,
      product: productPickOf(p.product),
      quantity: asked > 0 ? asked : p.remaining || 1,
      details: noDetails,
    });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const finish = async (yes: boolean) => {
    setFinishing(false);
    const ok = await run((port) =>
      isCount ? finishCount(port, orderId, yes) : finishOrder(port, orderId, yes),
    );
    if (ok)
      leave({
        tone: 'success',
        key: isCount ? 'terminal:feedback.countFinished' : 'terminal:feedback.orderFinished',
        params: { number: orderNumber },
      });
  };

  const incomplete = positions.filter((p) => (isCount ? p.recorded === null : !p.done)).length;

  return (
    <TerminalLayout title={t(`kinds.${kind}`)} back={back}>
      <Card withBorder radius="md" padding="sm" data-testid="terminal-order-header">
        <Stack gap={6}>
          {/* The state badge goes under the number when a language's word does not fit beside it. */}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={800} fz="lg" style={{ overflowWrap: 'anywhere' }} data-testid="terminal-order-number">
              {orderNumber}
            </Text>
            <Badge color={stateColor[detail.state]} variant="light">
              {t(`states.${detail.state}`)}
            </Badge>
          </Group>
          {textOf(order.comment) ? (
            <Text size="sm" c="dimmed">
              {String(order.comment)}
            </Text>
          ) : null}
          <Progress value={totals.percent} size="lg" color={incomplete === 0 ? 'teal' : 'blue'} />
          <Text size="sm" data-testid="terminal-progress">
            {isCount
              ? t('orders.counted', { done: totals.linesDone, lines: totals.lines })
              : t('orders.progress', {
                  done: totals.linesDone,
                  lines: totals.lines,
                  realised: q(totals.quantityRealised),
                  ordered: q(totals.quantityOrdered),
                  percent: totals.percent,
                })}
          </Text>
        </Stack>
      </Card>
      {detail.rejection && detail.rejectedMutationId !== undefined ? (
        <RejectionBox
          rejection={detail.rejection}
          scope="order"
          busy={busy}
          onDiscard={() => {
            const id = detail.rejectedMutationId;
            if (id !== undefined) void run((port) => discardEntry(port, id));
          }}
        />
      ) : null}
      {next && !state.fixing ? (
        <Card withBorder radius="md" padding="sm" data-testid="terminal-next">
          <Text size="xs" c="dimmed">
            {t('next.title')}
          </Text>
          <Text fw={700} fz="lg">
            {isCount
              ? t('next.count', {
                  product: String(next.product?.index ?? ''),
                  location: labelOf(next.sourceLocationId),
                })
              : t('next.move', {
                  quantity: q(next.remaining),
                  product: `${String(next.product?.index ?? '')} · ${String(next.product?.name ?? '')}`,
                })}
          </Text>
          <NextOnMapButton locationId={nextStopId} back={orderPath(kind, orderId)} />
        </Card>
      ) : null}
      {!next && !state.product && incomplete === 0 ? (
        <Alert color="teal" data-testid="terminal-order-complete">
          <Text size="sm">{isCount ? t('next.allCounted') : t('next.allDone')}</Text>
        </Alert>
      ) : null}
      <FlowPanel
        flow={flow}
        scanning={!finishing && quantityOf === null}
        quantityHint={isCount ? null : remainingOf(state.product?.id ?? null)}
        suggestion={
          productId && !isCount ? (
            <SuggestionCard
              kind={kind}
              productId={productId}
              productIndex={productIndex}
              quantity={remainingOf(productId) || (state.quantity ?? 1)}
              orderLocation={orderLocation}
              onUse={flow.takeLocation}
            />
          ) : null
        }
      />
      {recorded.length > 0 ? (
        <Stack gap="xs">
          <Title order={4}>{isCount ? t('lines.counted') : t('lines.recorded')}</Title>
          {recorded.map((p) => (
            <LineCard
              key={p.id}
              lineId={p.id}
              title={`${String(p.product?.index ?? '')} · ${String(p.product?.name ?? '')}`}
              details={[
                isCount ? labelOf(p.sourceLocationId) : t('lines.ofOrdered', { quantity: q(p.ordered) }),
              ].filter((d) => d !== '')}
              quantity={q(p.state === 'rejected' ? (p.rejectedQuantity ?? p.recorded) : p.recorded)}
              state={p.state ?? 'accepted'}
            >
              {p.state === 'rejected' && p.rejection ? (
                <RejectionBox
                  rejection={p.rejection}
                  busy={busy}
                  {...(isCount || !p.product ? {} : { onOtherLocation: () => fixOtherLocation(p) })}
                  onQuantity={() => setQuantityOf(p)}
                  onDiscard={() => {
                    const id = p.rejectedMutationId;
                    if (id !== undefined) void run((port) => discardEntry(port, id));
                  }}
                />
              ) : null}
              {/* Goods received against the order get their label, as on a direct receipt's lines. */}
              {kind === 'receipt' && p.product && p.state !== 'rejected' ? (
                <LineLabelButton
                  productId={p.productId}
                  lot={textOf(p.row.serialNumber) ?? undefined}
                  expiryDate={textOf(p.row.expDate) ?? undefined}
                  quantity={p.recorded ?? p.ordered}
                />
              ) : null}
            </LineCard>
          ))}
        </Stack>
      ) : null}
      {listed.length > 0 ? (
        <Stack gap="xs">
          <Title order={4}>
            {isCount
              ? t('lines.toCount', { count: listed.length })
              : t('lines.toDo', { count: listed.length })}
          </Title>
          {inRound(listed).map(({ position: p, location }) => (
            <Card key={p.id} withBorder padding="sm" radius="md" data-testid="terminal-position">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {`${String(p.product?.index ?? '')} · ${String(p.product?.name ?? '')}`}
                  </Text>
                  <Text
                    size="sm"
                    c="dimmed"
                    data-testid="terminal-position-location"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {location ? String(location.label ?? '') : t('lines.noLocation')}
                  </Text>
                </Stack>
                <Text fw={700}>{isCount ? '' : q(p.remaining)}</Text>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : null}
      <Button
        size="xl"
        mih={64}
        color="blue"
        onClick={() => setFinishing(true)}
        disabled={busy}
        data-testid="terminal-finish"
      >
        {isCount ? t('finish.count') : t('finish.order')}
      </Button>
      <ChoiceDialog
        opened={finishing}
        title={
          isCount
            ? t('finish.countTitle', { number: orderNumber })
            : t('finish.orderTitle', { number: orderNumber })
        }
        message={[
          isCount ? t('finish.countMessage') : t('finish.orderMessage'),
          incomplete > 0
            ? isCount
              ? t('finish.uncounted', { count: incomplete })
              : t('finish.incomplete', { count: incomplete })
            : '',
        ]
          .filter(Boolean)
          .join(' ')}
        cancelTestId="terminal-finish-cancel"
        onClose={() => setFinishing(false)}
        busy={busy}
        testId="terminal-finish-dialog"
        choices={
          isCount
            ? [
                {
                  label: t('finish.countOnly'),
                  testId: 'terminal-finish-count-only',
                  onChoose: () => void finish(false),
                },
                {
                  label: t('finish.countCorrect'),
                  testId: 'terminal-finish-count-correct',
                  color: 'teal',
                  onChoose: () => void finish(true),
                },
              ]
            : [
                {
                  label: t('finish.generate'),
                  testId: 'terminal-finish-generate',
                  onChoose: () => void finish(false),
                },
                {
                  label: t('finish.generateConfirm'),
                  testId: 'terminal-finish-generate-confirm',
                  color: 'teal',
                  onChoose: () => void finish(true),
                },
              ]
        }
      >
        <StaleDataAlert />
      </ChoiceDialog>
      {quantityOf ? (
        <QuantityDialog
          opened
          title={t('fix.quantityTitle', { product: String(quantityOf.product?.index ?? '') })}
          message={
            isCount ? t('fix.countMessage') : t('fix.recordedMessage', { ordered: q(quantityOf.ordered) })
          }
          initial={quantityOf.rejectedQuantity ?? quantityOf.recorded ?? quantityOf.ordered}
          allowZero={isCount}
          onClose={() => setQuantityOf(null)}
          onSave={(quantity) => {
            const position = quantityOf;
            setQuantityOf(null);
            void run((port) => setRecordedQuantity(port, position, orderId, quantity));
          }}
        />
      ) : null}
    </TerminalLayout>
  );
};
