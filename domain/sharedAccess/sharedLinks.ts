/**
 * Shared access links (docs/decisions.md "Shared access links"): what a link shows, how long it lives and the
 * ways it ends. Pure rules; the time is always the caller's.
 */

/** Detailed inventory (a page), global stock (a page), or API access (a bearer token for both calls). */
export const sharedContentTypes = ['inventory', 'stock', 'api'] as const;
export type SharedContentType = (typeof sharedContentTypes)[number];

/** The durations a link may have, in minutes: 30 min, 60 min, 24 h, 7 days; null = unlimited. */
export const sharedDurations = [30, 60, 1440, 10080, null] as const;
export type SharedDuration = (typeof sharedDurations)[number];

export const isSharedDuration = (v: unknown): v is SharedDuration =>
  (sharedDurations as readonly unknown[]).includes(v);

/** How a link stopped working. */
export const linkEnds = ['expired', 'used', 'withdrawn'] as const;
export type LinkEnd = (typeof linkEnds)[number];

export interface LinkTimes {
  readonly expiresAt: Date | null;
  readonly singleUse: boolean;
  /** First activation of a single-use link. */
  readonly usedAt: Date | null;
  readonly withdrawnAt: Date | null;
}

export const expiresAtOf = (createdAt: Date, minutes: SharedDuration): Date | null =>
  minutes === null ? null : new Date(createdAt.getTime() + minutes * 60_000);

/**
 * Whether a link may be opened at `now`, or how it ended: of the ends that happened (time up, first use of a
 * single-use link, withdrawal), the earliest one is the reason.
 */
export const linkState = (link: LinkTimes, now: Date): 'available' | LinkEnd => {
  const ends: [LinkEnd, number][] = [];
  if (link.withdrawnAt && link.withdrawnAt.getTime() <= now.getTime())
    ends.push(['withdrawn', link.withdrawnAt.getTime()]);
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime())
    ends.push(['expired', link.expiresAt.getTime()]);
  if (link.singleUse && link.usedAt && link.usedAt.getTime() <= now.getTime())
    ends.push(['used', link.usedAt.getTime()]);
  if (ends.length === 0) return 'available';
  ends.sort((a, b) => a[1] - b[1]);
  return ends[0]?.[0] ?? 'available';
};

/**
 * A viewing session opened by an activation: it goes on after a single-use link's first use (that use is this
 * session) but ends with the link's time and with its withdrawal.
 */
export const sessionState = (link: LinkTimes, now: Date): 'available' | LinkEnd =>
  linkState({ ...link, singleUse: false }, now);

/** A session lasts until the link's time is up, and at most this long. */
export const maxSessionMinutes = 12 * 60;

export const sessionExpiresAt = (link: Pick<LinkTimes, 'expiresAt'>, openedAt: Date): Date => {
  const cap = new Date(openedAt.getTime() + maxSessionMinutes * 60_000);
  return link.expiresAt && link.expiresAt.getTime() < cap.getTime() ? link.expiresAt : cap;
};

/** The inventory calls a link may read: the page of its type, or both for API access. */
export const sharedViews = ['inventory', 'productStock'] as const;
export type SharedView = (typeof sharedViews)[number];

export const viewsOf = (type: SharedContentType): readonly SharedView[] =>
  type === 'inventory' ? ['inventory'] : type === 'stock' ? ['productStock'] : sharedViews;

/** The columns a link shows of each view, on its page and in its CSV export (the warehouse's own references left out). */
export const sharedColumns: Readonly<Record<SharedView, readonly string[]>> = {
  inventory: [
    'productIndex',
    'productName',
    'unit',
    'locationLabel',
    'container',
    'serialNumber',
    'prodDate',
    'expDate',
    'quantity',
    'reserved',
    'available',
  ],
  productStock: [
    'productIndex',
    'productName',
    'unit',
    'warehouseLabel',
    'quantity',
    'reserved',
    'available',
  ],
};

/** The public page of a content type. */
export const sharedPagePath = (type: SharedContentType): string =>
  type === 'inventory' ? '/shared/wms-inventory' : type === 'stock' ? '/shared/wms-stock' : '/shared';

/** The error code of each end (domain/errors.ts). */
export const linkEndError = {
  expired: 'sharedLinkExpired',
  used: 'sharedLinkUsed',
  withdrawn: 'sharedLinkWithdrawn',
} as const satisfies Record<LinkEnd, string>;

/** What opening a page link gives the public page (POST /api/shared/open). */
export interface OpenedLink {
  readonly session: string;
  readonly contentType: SharedContentType;
  readonly views: readonly SharedView[];
  readonly recipientName: string;
  readonly contractorName: string;
  readonly companyName: string;
  /** When the session ends (the link's time, at most maxSessionMinutes). */
  readonly sessionExpiresAt: string;
  readonly linkExpiresAt: string | null;
}
