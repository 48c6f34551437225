import { AppError } from '../../domain/errors';

/** A position in the change log: every change at or before it (in (xid, seq) order) has been delivered. */
export interface FeedCursor {
  readonly xid: bigint;
  readonly seq: bigint;
}

export const startCursor: FeedCursor = { xid: 0n, seq: 0n };

const maxXid = 2n ** 64n - 1n;
const maxSeq = 2n ** 63n - 1n;
const cursorPattern = /^1\.(0|[1-9][0-9]{0,19})\.(0|[1-9][0-9]{0,18})$/;

/** Opaque to clients; `1.` is the format version. */
export const encodeCursor = (c: FeedCursor): string => `1.${c.xid}.${c.seq}`;

/** The `since` of a feed request: absent or empty = from the beginning; anything unreadable is 400. */
export const parseCursor = (raw: unknown): FeedCursor => {
  if (raw === undefined || raw === '') return startCursor;
  const m = typeof raw === 'string' ? cursorPattern.exec(raw) : null;
  if (!m?.[1] || !m[2]) throw new AppError('badRequest', { detail: 'since' });
  const xid = BigInt(m[1]);
  const seq = BigInt(m[2]);
  if (xid > maxXid || seq > maxSeq) throw new AppError('badRequest', { detail: 'since' });
  return { xid, seq };
};

export const compareCursors = (a: FeedCursor, b: FeedCursor): number =>
  a.xid !== b.xid ? (a.xid < b.xid ? -1 : 1) : a.seq === b.seq ? 0 : a.seq < b.seq ? -1 : 1;
