import { numberOf } from '../rowValues';

/**
 * The terminal's view of the records intents concern, as the intent registry's replays and checks read it: the
 * server's rows with the pending work applied (sync/rebase.ts keeps it; these are the shapes it hands out).
 */

/** A replicated row: the API's shape, with its id. */
export interface ViewRow {
  readonly id: string;
  readonly [field: string]: unknown;
}

/** The rows an intent concerns; `null` = known not to exist, absent = not loaded. */
export interface ViewState {
  readonly documents: ReadonlyMap<string, ViewRow | null>;
  readonly lines: ReadonlyMap<string, ViewRow | null>;
  readonly orders: ReadonlyMap<string, ViewRow | null>;
  readonly orderPositions: ReadonlyMap<string, ViewRow | null>;
}

const byLineOrder = (a: ViewRow, b: ViewRow): number =>
  (numberOf(a.lineNo) ?? 0) - (numberOf(b.lineNo) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The lines of a document in a view state, in line order. */
export const linesOfView = (state: Pick<ViewState, 'lines'>, documentId: string): ViewRow[] => {
  const out: ViewRow[] = [];
  for (const line of state.lines.values()) if (line && line.documentId === documentId) out.push(line);
  return out.sort(byLineOrder);
};

/** The positions of an order in a view state, in line order. */
export const positionsOfView = (state: Pick<ViewState, 'orderPositions'>, orderId: string): ViewRow[] => {
  const out: ViewRow[] = [];
  for (const p of state.orderPositions.values()) if (p && p.orderId === orderId) out.push(p);
  return out.sort(byLineOrder);
};
