import { isUuid, numberOf, textOf } from '../../rowValues';
import { issue } from '../../warehouse/issues';
import { quantityBoundError, roundQuantity } from '../../warehouse/quantity';
import { refusalOf } from '../../warehouse/refusal';
import type { PositionDraft } from '../../warehouse/validationInput';
import { checkPositionsNotEditable } from '../../warehouse/validators/checkPositionsNotEditable';
import {
  type CheckView,
  type DecodedCall,
  type IntentCheck,
  type IntentSubject,
  type IntentTarget,
  ok,
  type PrefetchHints,
  refuse,
} from '../intentDefinition';
import { linesOfView, type ViewRow } from '../replicaView';

/** What the line intents (line.add, line.update, line.remove) share. */

/** A document line as the terminal records it (a position of POST /api/WmsDocumentPosition). */
export interface LinePayload extends PositionDraft {
  readonly id: string;
  readonly documentId: string;
  readonly comment?: string | null;
}

/** The view's row of a line (`base`: the row it replaces). */
export const lineRowOf = (line: LinePayload, lineNo: number, base?: ViewRow): ViewRow => ({
  ...base,
  id: line.id,
  documentId: line.documentId,
  lineNo,
  productId: line.productId,
  quantity: roundQuantity(line.quantity),
  sourceLocationId: line.sourceLocationId ?? null,
  destinationLocationId: line.destinationLocationId ?? null,
  sourceContainer: line.sourceContainer ?? null,
  destinationContainer: line.destinationContainer ?? null,
  serialNumber: line.serialNumber ?? null,
  prodDate: line.prodDate ?? null,
  expDate: line.expDate ?? null,
  comment: line.comment ?? null,
});

/** What a line's intent is about, and the record it concerns (line.add, line.update). */
export const lineSubject = (line: LinePayload): IntentSubject => ({
  documentId: line.documentId,
  lineId: line.id,
  productId: line.productId,
  quantity: line.quantity,
});

export const lineTarget = (line: LinePayload): IntentTarget => ({
  entity: 'wmsDocumentPosition',
  id: line.id,
});

/** The number of a line added to these lines: after the last. */
export const nextLineNo = (lines: readonly ViewRow[]): number =>
  lines.reduce((max, l) => Math.max(max, numberOf(l.lineNo) ?? 0), 0) + 1;

/**
 * The check of a line change, as the server's document lines decide: the document must be a working copy whose
 * positions are edited by hand; a new line's id must be new and a changed one must exist; the document's rules
 * run on its lines as they will be. With working copies reserving (and for a removal) that is the server's own
 * check; otherwise the server checks stock only at confirmation — the user is told now anyway, as a warning.
 */
export const checkLineChange = async (
  view: CheckView,
  change: {
    readonly documentId: string;
    readonly lineId: string;
    readonly adds: boolean;
    readonly line?: LinePayload;
  },
): Promise<IntentCheck> => {
  const doc = view.before.documents.get(change.documentId);
  if (!doc) return refuse({ code: 'notFoundOrNoPermission' });
  if (doc.statusCode !== 'workingCopy')
    return refuse({
      code: 'statusForbidsChange',
      issues: [issue('notWorkingCopy', { field: 'statusCode', params: { status: String(doc.statusCode) } })],
    });
  const locked = checkPositionsNotEditable({ typeCode: String(doc.typeCode) });
  if (locked.length || doc.generated === true)
    return refuse({
      code: 'statusForbidsChange',
      issues: locked.length
        ? locked
        : [issue('positionsNotEditable', { params: { typeCode: String(doc.typeCode) } })],
    });
  const exists = Boolean(view.before.lines.get(change.lineId));
  if (change.adds && exists) return refuse({ code: 'uniqueConflict' });
  if (!change.adds && !exists) return refuse({ code: 'notFoundOrNoPermission' });
  if (change.line) {
    const q = change.line.quantity;
    if (typeof q !== 'number' || !Number.isFinite(q))
      return refuse({ code: 'formHasErrors', fields: [{ field: 'quantity', rule: 'invalidValue' }] });
    const tooLarge = quantityBoundError('quantity', q);
    if (tooLarge) return refuse({ code: 'formHasErrors', fields: [tooLarge] });
    if (!textOf(change.line.productId))
      return refuse({ code: 'formHasErrors', fields: [{ field: 'productId', rule: 'required' }] });
  }
  const lines = linesOfView(view.after, change.documentId);
  if (view.reserving || !change.line) {
    const { issues } = await view.judge(doc, lines, view.reserving);
    return issues.length ? refuse(refusalOf(issues)) : ok;
  }
  // One judgement serves both: the rules without availability decide, the availability rule only warns.
  const judged = await view.judge(doc, lines, true);
  const issues = judged.withoutAvailability();
  if (issues.length) return refuse(refusalOf(issues));
  return { refusal: null, warnings: judged.issues.filter((i) => i.code === 'quantityExceedsAvailable') };
};

const texts = (values: readonly unknown[], ids: boolean): string[] =>
  values.filter((v): v is string => typeof v === 'string' && v !== '' && (!ids || isUuid(v)));

/** What the rules of a pushed line (or a document header with lines) will read: its product, places and bins. */
export const prefetchOfBody = (call: DecodedCall): PrefetchHints => {
  const hints = { productIds: [] as string[], locationIds: [] as string[], containers: [] as string[] };
  const take = (body: unknown): void => {
    if (typeof body !== 'object' || body === null) return;
    const b = body as Record<string, unknown>;
    hints.productIds.push(...texts([b.productId], true));
    hints.locationIds.push(...texts([b.sourceLocationId, b.destinationLocationId], true));
    hints.containers.push(...texts([b.sourceContainer, b.destinationContainer], false));
    if (Array.isArray(b.positions)) for (const p of b.positions) take(p);
  };
  take(call.body);
  return hints;
};
