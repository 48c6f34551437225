import { lineRowOf } from '../../../../domain/sync/intentKinds/lines';
import { type LinePayload, subjectOf } from '../../../../domain/sync/intents';
import type { OutboxEntry, Rejection, Row } from '../../../../sync/types';

/**
 * Where a record shown on the terminal stands with the server: waiting to be sent (or sent and not yet
 * confirmed by a pull), taken, or refused until the user acts. Pure functions over outbox entries.
 */
export type SyncState = 'pending' | 'accepted' | 'rejected';

/** A refusal shown on a line, and the outbox entry it came from (discarded or redone to deal with it). */
export interface LineRejection {
  readonly rejection: Rejection;
  readonly mutationId: number;
  /** The refused entry was the document's confirmation (its issue named this line), not the line's own. */
  readonly fromDocument: boolean;
}

/** A document line as the terminal lists it. */
export interface LineState {
  readonly line: Row;
  readonly state: SyncState;
  /** A refused line.add: the line is not in the view any more, only in the outbox. */
  readonly ghost: boolean;
  readonly rejection?: Rejection;
  readonly rejectedMutationId?: number;
  readonly fromDocument?: boolean;
}

/** An entry the user has not dealt with yet: pending, accepted (not yet pulled) or rejected and unresolved. */
export const isLive = (e: OutboxEntry): boolean => e.status !== 'rejected' || !e.resolvedAt;

const lineIdOf = (e: OutboxEntry): string | null => subjectOf(e.intent).lineId ?? null;

/** The document an entry is about (its lines included); null for order entries. */
export const documentIdOf = (e: OutboxEntry): string | null => subjectOf(e.intent).documentId ?? null;

/** The order an entry is about (its positions included); null for document entries. */
export const orderIdOf = (e: OutboxEntry): string | null => subjectOf(e.intent).orderId ?? null;

/** Entries about a document or its lines, in mutation order. */
export const entriesOfDocument = (entries: readonly OutboxEntry[], documentId: string): OutboxEntry[] =>
  entries
    .filter((e) => isLive(e) && documentIdOf(e) === documentId)
    .sort((a, b) => a.mutationId - b.mutationId);

const isDocumentLevel = (e: OutboxEntry): boolean => lineIdOf(e) === null;

/** A line row made from a refused line.add's payload (it is no longer in the view). */
export const ghostRowOf = (line: LinePayload): Row => {
  // No number: the line never got one (it is listed after the real ones).
  const { lineNo: _lineNo, ...row } = lineRowOf(line, 0);
  return row;
};

const stateOf = (entries: readonly OutboxEntry[]): SyncState =>
  entries.some((e) => e.status === 'pending') ? 'pending' : 'accepted';

/**
 * Each line's state. A line's own refused entry (add, change, removal) marks it rejected; so does a refused
 * confirmation whose issues name the line's position (`positionIndex` in the view's line order) unless the
 * line was changed after it. A refused add leaves a ghost line (after the real ones) so the reason stays on
 * screen until the user acts. Otherwise: pending while any of its entries waits, else accepted.
 */
export const lineStates = (lines: readonly Row[], documentEntries: readonly OutboxEntry[]): LineState[] => {
  const rejectedDocument = documentEntries.filter(
    (e) => e.status === 'rejected' && isDocumentLevel(e) && e.rejection,
  );
  const own = (id: string) => documentEntries.filter((e) => lineIdOf(e) === id);
  const out: LineState[] = lines.map((line, index) => {
    const mine = own(line.id);
    const open = mine.filter((e) => e.status !== 'rejected');
    const lastOwn = mine.at(-1);
    if (lastOwn?.status === 'rejected' && lastOwn.rejection)
      return {
        line,
        state: 'rejected',
        ghost: false,
        rejection: lastOwn.rejection,
        rejectedMutationId: lastOwn.mutationId,
        fromDocument: false,
      };
    const newest = lastOwn?.mutationId ?? 0;
    for (const e of [...rejectedDocument].reverse()) {
      const rejection = e.rejection;
      if (!rejection || e.mutationId < newest) continue;
      const issues = (rejection.issues ?? []).filter((i) => i.positionIndex === index);
      if (!issues.length) continue;
      return {
        line,
        state: 'rejected',
        ghost: false,
        rejection: { ...rejection, issues },
        rejectedMutationId: e.mutationId,
        fromDocument: true,
      };
    }
    return { line, state: stateOf(open), ghost: false };
  });
  const inView = new Set(lines.map((l) => l.id));
  const ghosts = new Map<string, LineState>();
  for (const e of documentEntries) {
    if (e.intent.kind !== 'line.add' || inView.has(e.intent.line.id)) continue;
    if (e.status !== 'rejected' || !e.rejection) {
      ghosts.delete(e.intent.line.id);
      continue;
    }
    ghosts.set(e.intent.line.id, {
      line: ghostRowOf(e.intent.line),
      state: 'rejected',
      ghost: true,
      rejection: e.rejection,
      rejectedMutationId: e.mutationId,
      fromDocument: false,
    });
  }
  return [...out, ...ghosts.values()];
};

/** The document's own state: refused (its creation, confirmation or removal), waiting, or taken. */
export const documentState = (
  documentEntries: readonly OutboxEntry[],
): { readonly state: SyncState; readonly rejection?: Rejection; readonly rejectedMutationId?: number } => {
  const refused = documentEntries.filter((e) => e.status === 'rejected' && isDocumentLevel(e) && e.rejection);
  const last = refused.at(-1);
  if (last?.rejection)
    return { state: 'rejected', rejection: last.rejection, rejectedMutationId: last.mutationId };
  return { state: stateOf(documentEntries.filter((e) => e.status !== 'rejected')) };
};

/** An order position's state from its counted / recorded quantity entries. */
export const positionState = (
  entries: readonly OutboxEntry[],
  positionId: string,
  recorded: boolean,
): {
  readonly state: SyncState | null;
  readonly rejection?: Rejection;
  readonly rejectedMutationId?: number;
  /** The recorded total the refused entry asked for. */
  readonly rejectedQuantity?: number;
} => {
  const mine = entries
    .filter((e) => isLive(e) && subjectOf(e.intent).orderPositionId === positionId)
    .sort((a, b) => a.mutationId - b.mutationId);
  const last = mine.at(-1);
  const rejectedQuantity = last ? subjectOf(last.intent).quantity : undefined;
  if (last?.status === 'rejected' && last.rejection)
    return {
      state: 'rejected',
      rejection: last.rejection,
      rejectedMutationId: last.mutationId,
      ...(rejectedQuantity === undefined ? {} : { rejectedQuantity }),
    };
  if (mine.some((e) => e.status === 'pending')) return { state: 'pending' };
  return { state: recorded || mine.length > 0 ? 'accepted' : null };
};
