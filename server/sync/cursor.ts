import { AppError } from '../../domain/errors';

/**
 * A position in the change log: every change at or before it (in (xid, seq) order) has been delivered.
 * `horizon` is set only on the pages of an initial sync (a read from the start): transactions below it had all
 * committed before that sync's first snapshot, so their tombstones concern records the client never received in
 * this sync and are left out (changeFeed.ts). The final page's cursor, the watermark, has none.
 */
export interface FeedCursor {
  readonly xid: bigint;
  readonly seq: bigint;
  readonly horizon?: bigint;
  /**
   * With a horizon: the log rows counted after this position when the initial sync began, less those read
   * since — the `remaining` of the next page without counting again (an estimate: progress only).
   */
  readonly remaining?: number;
}

export const startCursor: FeedCursor = { xid: 0n, seq: 0n };

const maxXid = 2n ** 64n - 1n;
const maxSeq = 2n ** 63n - 1n;
const xidPart = '(0|[1-9][0-9]{0,19})';
const cursorPattern = new RegExp(
  `^1\\.${xidPart}\\.(0|[1-9][0-9]{0,18})(?:\\.${xidPart}(?:\\.(0|[1-9][0-9]{0,14}))?)?$`,
);

/**
 * Opaque to clients; `1.` is the format version: `1.<xid>.<seq>`, during an initial sync
 * `1.<xid>.<seq>.<horizon>[.<remaining>]`.
 */
export const encodeCursor = (c: FeedCursor): string => {
  const at = `1.${c.xid}.${c.seq}`;
  if (c.horizon === undefined) return at;
  return c.remaining === undefined ? `${at}.${c.horizon}` : `${at}.${c.horizon}.${c.remaining}`;
};

/** Whether a cursor is the beginning of the log (no horizon yet): the read starts an initial sync. */
export const isStart = (c: FeedCursor): boolean => c.xid === 0n && c.seq === 0n && c.horizon === undefined;

/** The `since` of a feed request: absent or empty = from the beginning; anything unreadable is 400. */
export const parseCursor = (raw: unknown): FeedCursor => {
  if (raw === undefined || raw === '') return startCursor;
  const m = typeof raw === 'string' ? cursorPattern.exec(raw) : null;
  if (!m?.[1] || !m[2]) throw new AppError('badRequest', { detail: 'since' });
  const xid = BigInt(m[1]);
  const seq = BigInt(m[2]);
  if (xid > maxXid || seq > maxSeq) throw new AppError('badRequest', { detail: 'since' });
  if (m[3] === undefined) return { xid, seq };
  const horizon = BigInt(m[3]);
  if (horizon > maxXid) throw new AppError('badRequest', { detail: 'since' });
  return m[4] === undefined ? { xid, seq, horizon } : { xid, seq, horizon, remaining: Number(m[4]) };
};

/** Order of positions in the log (the horizon is no part of the position). */
export const compareCursors = (a: FeedCursor, b: FeedCursor): number =>
  a.xid !== b.xid ? (a.xid < b.xid ? -1 : 1) : a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
