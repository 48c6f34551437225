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
  /** The face database, while the company's terminals recognise faces (server/faces/, docs/faces.md). */
  'computerVision',
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

/** Routes of the sync protocol. */
export const syncPaths = { changes: '/api/sync/changes', push: '/api/sync/push' } as const;

/** Calls one batch push may carry. */
export const pushLimits = { maxMutations: 100 } as const;

/** One intent's call in a batch push, with what its own request would carry in the sync headers. */
export const pushedCallSchema = z.object({
  idempotencyKey: z.string().min(1),
  deviceId: z.string().min(1),
  mutationId: z.number().int().positive(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** An API path without query string (`/api/…` in any case, as routes match; the call of an intent). */
  path: z.string().regex(/^\/api\/[^?#]*$/i),
  query: z.record(z.string(), z.string()).optional(),
  body: z.unknown().optional(),
});
export type PushedCall = z.infer<typeof pushedCallSchema>;

/** POST /api/sync/push: several pushed calls, run one after the other in this order (docs/sync-contract.md §2). */
export const pushRequestSchema = z.object({
  version: z.literal(syncWireVersion),
  mutations: z.array(pushedCallSchema).min(1).max(pushLimits.maxMutations),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/** The answer one call got, as its own request would have got it (status, body, replayed). */
export const pushOutcomeSchema = z.object({
  idempotencyKey: z.string(),
  status: z.number().int(),
  body: z.unknown().optional(),
  replayed: z.boolean(),
});
export type PushOutcome = z.infer<typeof pushOutcomeSchema>;

/**
 * The outcomes of the calls that ran, in order: all of them, or up to and including the first whose outcome is
 * not final (a retry may answer differently: 401, 406, 408, 429, 409 mutationInProgress, 5xx) — the calls after
 * it did not run.
 */
export const pushResponseSchema = z.object({
  version: z.literal(syncWireVersion),
  results: z.array(pushOutcomeSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;
