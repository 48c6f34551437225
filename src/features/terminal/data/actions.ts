import type { RuleIssue } from '../../../../domain/errors';
import type { Intent } from '../../../../domain/sync/intents';
import { todayOf } from '../../../../domain/warehouse/isoDate';
import { refusalOf } from '../../../../domain/warehouse/refusal';
import type { StoreTx } from '../../../../sync/ports';
import type { EnqueueResult } from '../../../../sync/replica';
import type { LocalRefusal } from '../../../../sync/validateIntent';
import { readLogisticsConfig } from '../../../../sync/validationContext';
import { allocateToOrder } from './allocateToOrder';
import { checkLine, checkOrderLine } from './checkLine';
import type { LineView } from './documentViews';
import { directTypeOf, type FlowKind, scannedSideOf } from './flowKinds';
import { type LineDraft, linePayloadOf, linePayloadOfRow } from './lineDraft';
import { orderDetail, type PositionView } from './orderViews';

/**
 * What the terminal's screens do: every action is an intent queued through the sync engine, which checks it
 * on the replica with the server's rules (a refusal changes nothing and comes back with the server's codes),
 * applies it to the view at once and sends it when it can. The port is the running sync in the app
 * (./activePort.ts) and a memory store in tests.
 */
export interface TerminalPort {
  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  enqueue(intent: Intent): Promise<EnqueueResult>;
  /** Marks a rejected entry dealt with (it leaves the screens and the inspector). */
  discard(mutationId: number): Promise<boolean>;
  newId(): string;
  now(): number;
}

export type ActionResult =
  | { readonly ok: true; readonly warnings: readonly RuleIssue[] }
  | { readonly ok: false; readonly refusal: LocalRefusal };

const done: ActionResult = { ok: true, warnings: [] };

const queue = async (port: TerminalPort, intent: Intent): Promise<ActionResult> => {
  const result = await port.enqueue(intent);
  return result.ok ? { ok: true, warnings: result.warnings } : { ok: false, refusal: result.refusal };
};

export type DocumentLineResult =
  | { readonly ok: true; readonly warnings: readonly RuleIssue[]; readonly documentId: string }
  | { readonly ok: false; readonly refusal: LocalRefusal };

/**
 * Opens a direct document (receipt DIN, release DOU) with its first line. The document is created when its
 * first line is confirmed — a document without lines names its location in the header, so it takes the
 * first line's — and only once the line passed the rules (checkLine), so a refused first line leaves
 * nothing behind. The engine gives it a provisional number.
 */
const openDocumentWithLine = async (
  port: TerminalPort,
  kind: FlowKind,
  documentId: string,
  draft: LineDraft,
): Promise<DocumentLineResult> => {
  const typeCode = directTypeOf[kind];
  if (!typeCode) return { ok: false, refusal: { code: 'documentTypeMissing' } };
  const issues = await port.read(async (tx) =>
    checkLine(
      tx,
      { kind, typeCode, availability: (await readLogisticsConfig(tx)).workingCopiesCountInStock },
      draft,
      todayOf(port.now()),
    ),
  );
  if (issues.length) return { ok: false, refusal: refusalOf(issues) };
  const side = scannedSideOf(kind) === 'source' ? 'sourceLocationId' : 'destinationLocationId';
  const created = await port.enqueue({
    kind: 'document.create',
    document: { id: documentId, typeCode, documentNumber: '', [side]: draft.locationId },
  });
  if (!created.ok) return { ok: false, refusal: created.refusal };
  const added = await port.enqueue({
    kind: 'line.add',
    line: linePayloadOf(kind, { id: port.newId(), documentId }, draft),
  });
  if (added.ok) return { ok: true, warnings: added.warnings, documentId };
  // Refused after all (the rules judged more than the line): the empty document goes too.
  await port.enqueue({ kind: 'document.delete', documentId });
  return { ok: false, refusal: added.refusal };
};

/**
 * Adds a line to a document (`create`: a new direct document with that id, created with this line). Redoing a refused
 * line: a ghost (refused add) is added anew and its refusal discarded; an existing line is changed in place,
 * and a refused confirmation that named it is discarded (the document is confirmed again once all is right).
 */
export const recordDocumentLine = async (
  port: TerminalPort,
  input: {
    readonly kind: FlowKind;
    readonly documentId: string;
    readonly create?: boolean;
    readonly draft: LineDraft;
    readonly replaces?: LineView | undefined;
  },
): Promise<DocumentLineResult> => {
  const { kind, documentId, draft, replaces } = input;
  if (input.create) return openDocumentWithLine(port, kind, documentId, draft);
  const withId = (result: ActionResult): DocumentLineResult =>
    result.ok ? { ...result, documentId } : result;
  if (replaces && !replaces.ghost) {
    const base = linePayloadOfRow(replaces.line);
    const next = linePayloadOf(kind, { id: replaces.line.id, documentId }, draft);
    const result = await queue(port, { kind: 'line.update', line: { ...base, ...next } });
    if (result.ok && replaces.fromDocument && replaces.rejectedMutationId !== undefined)
      await port.discard(replaces.rejectedMutationId);
    return withId(result);
  }
  const result = await queue(port, {
    kind: 'line.add',
    line: linePayloadOf(kind, { id: port.newId(), documentId }, draft),
  });
  if (result.ok && replaces?.rejectedMutationId !== undefined)
    await port.discard(replaces.rejectedMutationId);
  return withId(result);
};

/** A new quantity for a line (the "change the quantity" way forward of a refused line). */
export const changeLineQuantity = async (
  port: TerminalPort,
  line: LineView,
  quantity: number,
): Promise<ActionResult> => {
  const payload = { ...linePayloadOfRow(line.line), quantity };
  if (line.ghost) {
    const result = await queue(port, { kind: 'line.add', line: { ...payload, id: port.newId() } });
    if (result.ok && line.rejectedMutationId !== undefined) await port.discard(line.rejectedMutationId);
    return result;
  }
  const result = await queue(port, { kind: 'line.update', line: payload });
  if (result.ok && line.fromDocument && line.rejectedMutationId !== undefined)
    await port.discard(line.rejectedMutationId);
  return result;
};

/**
 * Gives a refused line up: a refused add or change is discarded (the server's version stays); a line the
 * refused confirmation named is removed from the document and that refusal discarded.
 */
export const discardLine = async (port: TerminalPort, line: LineView): Promise<ActionResult> => {
  if (line.rejectedMutationId === undefined) return done;
  if (line.fromDocument && !line.ghost) {
    const result = await queue(port, {
      kind: 'line.remove',
      lineId: line.line.id,
      documentId: String(line.line.documentId ?? ''),
    });
    if (!result.ok) return result;
    await port.discard(line.rejectedMutationId);
    return result;
  }
  await port.discard(line.rejectedMutationId);
  return done;
};

/**
 * Records a line on an order: judged first by the document rules (checkOrderLine), then queued as the
 * positions' new recorded quantities (orderPosition.quantityReal). `only`: redo a refused position.
 */
export const recordOrderLine = async (
  port: TerminalPort,
  input: {
    readonly orderId: string;
    readonly draft: LineDraft;
    readonly only?: string;
  },
): Promise<ActionResult> => {
  const { orderId, draft } = input;
  const today = todayOf(port.now());
  const checked = await port.read(async (tx) => {
    const detail = await orderDetail(tx, orderId);
    if (!detail) return null;
    const product = detail.positions.find((p) => p.productId === draft.productId)?.product;
    const [productRow] = product ? [product] : await tx.get('product', [draft.productId]);
    const allocation = allocateToOrder(detail.positions, draft, {
      isCount: detail.isCount,
      ...(input.only ? { only: input.only } : {}),
      productLabel: String(productRow?.index ?? draft.productId),
    });
    const issues = detail.isCount
      ? []
      : await checkOrderLine(tx, detail.order, detail.positions, draft, today);
    return { allocation, issues };
  });
  if (!checked) return { ok: false, refusal: { code: 'notFoundOrNoPermission' } };
  const { allocation, issues } = checked;
  if (!allocation.ok)
    return {
      ok: false,
      refusal: {
        code: 'documentInvalid',
        issues: [{ code: allocation.code, field: 'productId', params: allocation.params }],
      },
    };
  if (issues.length) return { ok: false, refusal: refusalOf(issues) };
  for (const u of allocation.updates) {
    const result = await queue(port, {
      kind: 'orderPosition.quantityReal',
      orderId,
      orderPositionId: u.positionId,
      quantityReal: u.quantityReal,
    });
    if (!result.ok) return result;
  }
  return done;
};

/** A new recorded (counted) total for a position: "change the quantity" of a refused one. */
export const setRecordedQuantity = (
  port: TerminalPort,
  position: Pick<PositionView, 'id'>,
  orderId: string,
  quantityReal: number,
): Promise<ActionResult> =>
  queue(port, { kind: 'orderPosition.quantityReal', orderId, orderPositionId: position.id, quantityReal });

/** Gives up a refused entry (a recorded quantity, a confirmation, a generation): the server's version stays. */
export const discardEntry = async (port: TerminalPort, mutationId: number): Promise<ActionResult> => {
  await port.discard(mutationId);
  return done;
};

export const confirmDocument = (port: TerminalPort, documentId: string): Promise<ActionResult> =>
  queue(port, { kind: 'document.confirm', documentId });

export const deleteDocument = (port: TerminalPort, documentId: string): Promise<ActionResult> =>
  queue(port, { kind: 'document.delete', documentId });

/** Finishing a move order: its documents are generated (and confirmed, when asked) by the server. */
export const finishOrder = (port: TerminalPort, orderId: string, confirm: boolean): Promise<ActionResult> =>
  queue(port, { kind: 'order.generateDocuments', orderId, confirm });

/** Finishing a count: with correcting documents (stock follows the count) or without. */
export const finishCount = (
  port: TerminalPort,
  orderId: string,
  generateDocuments: boolean,
): Promise<ActionResult> => queue(port, { kind: 'verification.finish', orderId, generateDocuments });
