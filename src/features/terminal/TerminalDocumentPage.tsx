import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { LineLabelButton } from '../print/LineLabelButton';
import { StaleDataAlert } from '../sync/StaleDataAlert';
import {
  changeLineQuantity,
  confirmDocument,
  deleteDocument,
  discardEntry,
  discardLine,
} from './data/actions';
import { documentInProgress, type LineView } from './data/documentViews';
import type { FlowKind } from './data/flowKinds';
import { productPickOf } from './data/resolveScan';
import { FlowPanel } from './FlowPanel';
import { LineCard } from './LineCard';
import { QuantityDialog } from './QuantityDialog';
import { RejectionBox } from './RejectionBox';
import { SuggestionCard } from './SuggestionCard';
import { TerminalLayout } from './TerminalLayout';
import type { Feedback } from './terminalFlow';
import { kindPath } from './terminalPaths';
import { quantityText, stateColor } from './terminalTexts';
import { useLineFlow } from './useLineFlow';

const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const numberOr = (v: unknown, fallback: number): number =>
  typeof v === 'number' ? v : Number(v ?? fallback);

/**
 * /terminal/:kind/document/:id: a direct receipt or release filled line by line on the device. The number
 * is the device's provisional one until the server answers, then the final one. Each line shows its sync
 * state; a refused one its reason and the ways forward. "Finish" confirms the document (stock moves).
 */
export const TerminalDocumentPage = ({
  kind,
  documentId,
}: {
  readonly kind: FlowKind;
  readonly documentId: string;
}): ReactNode => {
  const { t, i18n } = useTranslation(['terminal', 'sync']);
  const navigate = useNavigate();
  // Opened by "new document": it is created with its first line (the id is given here, so the address holds).
  const fresh = (useLocation().state as { newDocument?: boolean } | null)?.newDocument === true;
  const view = useReplicaQuery((tx) => documentInProgress(tx, documentId), [documentId]);
  const isNew = fresh && view !== undefined && view.document === null && view.lines.length === 0;
  const flow = useLineFlow(kind, { mode: 'document', documentId, create: isNew, lines: view?.lines ?? [] });
  const [finishing, setFinishing] = useState(false);
  const [quantityOf, setQuantityOf] = useState<LineView | null>(null);
  const { state, dispatch, run, busy } = flow;
  const back = kindPath(kind);
  const leave = (notice: Feedback) => navigate(back, { state: { notice } });

  if (!view)
    return (
      <TerminalLayout title={t(`kinds.${kind}`)} back={back}>
        {null}
      </TerminalLayout>
    );
  const doc = view.document;
  const working = isNew || doc?.statusCode === 'workingCopy';
  const lines = view.lines;
  const product = state.product;

  const fixOtherLocation = (line: LineView) => {
    if (!line.product) return;
    dispatch({
      type: 'fixStarted',
      id: line.line.id,
      product: productPickOf(line.product),
      quantity: numberOr(line.line.quantity, 1),
      details: {
        serialNumber: textOrNull(line.line.serialNumber),
        prodDate: textOrNull(line.line.prodDate),
        expDate: textOrNull(line.line.expDate),
        container: null,
        lot: null,
      },
    });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const confirm = async () => {
    setFinishing(false);
    if (await run((port) => confirmDocument(port, documentId)))
      leave({
        tone: 'success',
        key: 'terminal:feedback.documentConfirmed',
        params: { number: view.number },
        documentId,
      });
  };
  const remove = async () => {
    setFinishing(false);
    if (await run((port) => deleteDocument(port, documentId)))
      leave({ tone: 'success', key: 'terminal:feedback.documentDeleted', params: { number: view.number } });
  };

  return (
    <TerminalLayout title={t(`kinds.${kind}`)} back={back}>
      <Card withBorder radius="md" padding="sm">
        {/* The badges go under the number when a language's words do not fit beside it (never cut). */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('documents.number')}
            </Text>
            <Text
              fw={800}
              fz="lg"
              data-testid="terminal-document-number"
              data-provisional={view.provisional || isNew ? 'true' : 'false'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {isNew ? t('documents.new') : view.number}
            </Text>
          </Stack>
          <Group gap={4} wrap="wrap">
            {view.provisional || isNew ? (
              <Badge color="orange" variant="light" data-testid="terminal-provisional">
                {t('documents.provisional')}
              </Badge>
            ) : null}
            {doc && !working ? (
              <Badge color="teal" variant="light" data-testid="terminal-document-status">
                {t(`documents.status.${String(doc.statusCode)}`, { defaultValue: String(doc.statusCode) })}
              </Badge>
            ) : null}
            {isNew ? null : (
              <Badge color={stateColor[view.state]} variant="light" data-testid="terminal-document-state">
                {t(`states.${view.state}`)}
              </Badge>
            )}
          </Group>
        </Group>
      </Card>
      {view.rejection && view.rejectedMutationId !== undefined ? (
        <RejectionBox
          rejection={view.rejection}
          scope="document"
          busy={busy}
          {...(working ? { onRetry: () => setFinishing(true) } : {})}
          onDiscard={() => {
            const id = view.rejectedMutationId;
            if (id !== undefined) void run((port) => discardEntry(port, id));
          }}
        />
      ) : null}
      {isNew ? (
        <Text size="sm" c="dimmed" data-testid="terminal-document-new">
          {t('documents.newHint')}
        </Text>
      ) : null}
      {!doc && !isNew ? (
        <Alert color="orange" data-testid="terminal-document-gone">
          <Text size="sm">{t('documents.gone')}</Text>
        </Alert>
      ) : null}
      {working ? (
        <FlowPanel
          flow={flow}
          scanning={!finishing && quantityOf === null}
          suggestion={
            product ? (
              <SuggestionCard
                kind={kind}
                productId={product.id}
                productIndex={product.index}
                quantity={state.quantity ?? 1}
                onUse={flow.takeLocation}
              />
            ) : null
          }
        />
      ) : null}
      <Stack gap="xs">
        <Title order={4}>{t('lines.title', { count: lines.length })}</Title>
        {lines.length === 0 ? (
          <Text c="dimmed" data-testid="terminal-lines-empty">
            {t('lines.empty')}
          </Text>
        ) : null}
        {lines.map((line) => {
          const details = [
            line.location ? String(line.location.label ?? '') : null,
            textOrNull(line.line.expDate)
              ? t('batch.exp', { date: String(line.line.expDate).slice(0, 10) })
              : null,
            textOrNull(line.line.serialNumber)
              ? t('batch.serial', { serial: String(line.line.serialNumber) })
              : null,
          ].filter((d): d is string => d !== null && d !== '');
          return (
            <LineCard
              key={line.line.id}
              lineId={line.line.id}
              title={`${String(line.product?.index ?? '')} · ${String(line.product?.name ?? '')}`}
              details={details}
              quantity={quantityText(numberOr(line.line.quantity, 0), i18n.language)}
              state={line.state}
            >
              {line.state === 'rejected' && line.rejection ? (
                <RejectionBox
                  rejection={line.rejection}
                  busy={busy}
                  {...(line.product ? { onOtherLocation: () => fixOtherLocation(line) } : {})}
                  onQuantity={() => setQuantityOf(line)}
                  onDiscard={() => void run((port) => discardLine(port, line))}
                />
              ) : null}
              {kind === 'receipt' && line.product && line.state !== 'rejected' ? (
                <LineLabelButton
                  productId={String(line.product.id)}
                  lot={textOrNull(line.line.serialNumber) ?? undefined}
                  expiryDate={textOrNull(line.line.expDate) ?? undefined}
                  quantity={numberOr(line.line.quantity, 0)}
                />
              ) : null}
            </LineCard>
          );
        })}
      </Stack>
      {working && !isNew ? (
        <Button
          size="xl"
          mih={64}
          variant="filled"
          color="blue"
          onClick={() => setFinishing(true)}
          disabled={busy}
          data-testid="terminal-finish"
        >
          {t('finish.document')}
        </Button>
      ) : null}
      <ChoiceDialog
        opened={finishing}
        title={t('finish.documentTitle', { number: view.number })}
        message={
          lines.length ? t('finish.documentMessage', { count: lines.length }) : t('finish.emptyMessage')
        }
        cancelTestId="terminal-finish-cancel"
        onClose={() => setFinishing(false)}
        busy={busy}
        testId="terminal-finish-dialog"
        choices={
          lines.length
            ? [
                { label: t('finish.keep'), testId: 'terminal-finish-keep', onChoose: () => navigate(back) },
                {
                  label: t('finish.confirmDocument'),
                  testId: 'terminal-finish-confirm',
                  color: 'teal',
                  onChoose: () => void confirm(),
                },
              ]
            : [
                {
                  label: t('finish.deleteEmpty'),
                  testId: 'terminal-finish-delete',
                  color: 'red',
                  onChoose: () => void remove(),
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
          initial={numberOr(quantityOf.line.quantity, 1)}
          onClose={() => setQuantityOf(null)}
          onSave={(quantity) => {
            const line = quantityOf;
            setQuantityOf(null);
            void run((port) => changeLineQuantity(port, line, quantity));
          }}
        />
      ) : null}
    </TerminalLayout>
  );
};
