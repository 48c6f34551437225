import { z } from 'zod';

/**
 * Wire types of the change feed (GET /api/sync/changes), version 1. The server and the terminal's sync engine
 * both parse with these schemas; a breaking change gets a new version, never an edit of this one.
 */
export const syncWireVersion = 1;

/** What the terminal replicates (docs/sync-contract.md "Entities"). */
export const syncEntities = [
  'product',
  'productGroup',
  'storageSpace',
  'storageSpaceType',
  'company',
  'stock',
  'wmsOrder',
  'wmsOrderPosition',
  'wmsDocument',
  'wmsDocumentPosition',
  'logisticsConfig',
] as const;
export type SyncEntity = (typeof syncEntities)[number];

export const isSyncEntity = (value: unknown): value is SyncEntity =>
  typeof value === 'string' && (syncEntities as readonly string[]).includes(value);

const entity = z.enum(syncEntities);

/** One record that changed: its current state (upsert) or that it left the caller's scope (delete). */
export const syncChangeSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('upsert'),
    entity,
    id: z.string().min(1),
    /** The row as the API returns it (GET /api/<Resource>/{id}); stock rows as in docs/sync-contract.md. */
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ op: z.literal('delete'), entity, id: z.string().min(1) }),
]);
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const changesResponseSchema = z.object({
  version: z.literal(syncWireVersion),
  changes: z.array(syncChangeSchema),
  /** Opaque, monotonic: pass it back as `since`. Every change before it has been delivered. */
  cursor: z.string(),
  /** More changes wait beyond `cursor` now: ask again at once. */
  hasMore: z.boolean(),
  /** Changes in scope after this page (exact at the time of the read), for progress bars. */
  remaining: z.number().int().nonnegative(),
  /**
   * The highest mutation id of the calling device (X-Device-Id) whose effects are part of what has been
   * delivered up to `cursor`; 0 when none. The engine drops mutations up to it from its pending overlay.
   */
  lastMutationId: z.number().int().nonnegative(),
  serverTime: z.string(),
});
export type ChangesResponse = z.infer<typeof changesResponseSchema>;

/** Request headers of the sync protocol. */
export const syncHeaders = {
  deviceId: 'x-device-id',
  mutationId: 'x-mutation-id',
  idempotencyKey: 'idempotency-key',
  /** On a response: the stored outcome of an earlier attempt is being repeated. */
  replayed: 'idempotent-replayed',
} as const;

/** Page size limits of the feed. */
export const changesLimits = { default: 1000, max: 5000 } as const;
