/** A place in the change feed as its cursors name it: `1.<xid>.<seq>` (what follows is no part of the place). */
interface FeedPlace {
  readonly xid: bigint;
  readonly seq: bigint;
}

const placePattern = /^1\.(0|[1-9][0-9]{0,19})\.(0|[1-9][0-9]{0,18})(?:\.|$)/;

const placeOf = (cursor: string | null | undefined): FeedPlace | undefined => {
  const m = cursor ? placePattern.exec(cursor) : null;
  return m?.[1] && m[2] ? { xid: BigInt(m[1]), seq: BigInt(m[2]) } : undefined;
};

/**
 * Whether a replica whose cursor is `cursor` already holds every change up to the feed position `position` (the
 * live connection's poke carries one). Cursors are opaque to the terminal otherwise: anything it cannot read
 * (no cursor yet, another format) says "not there", and the terminal pulls, as it did before positions existed.
 */
export const isAtOrPast = (cursor: string | null | undefined, position: string): boolean => {
  const at = placeOf(cursor);
  const wanted = placeOf(position);
  if (!at || !wanted) return false;
  return at.xid > wanted.xid || (at.xid === wanted.xid && at.seq >= wanted.seq);
};

/** The later of two poked positions (an unreadable one wins: it can only be pulled for). */
export const laterPosition = (a: string | undefined, b: string): string => {
  if (a === undefined) return b;
  const pa = placeOf(a);
  const pb = placeOf(b);
  if (!pa) return a;
  if (!pb) return b;
  return pa.xid > pb.xid || (pa.xid === pb.xid && pa.seq >= pb.seq) ? a : b;
};
