import { pushRequestSchema, syncHeaders, syncPaths, syncWireVersion } from '../../../domain/sync/wire';
import { isFinal } from '../../../server/sync/outcome';
import type { TransportRequest, TransportResponse } from '../../../sync/ports';

/**
 * A server's POST /api/sync/push on top of its single calls, as server/sync/pushBatch.ts does it: each call
 * with its own sync headers, in order, stopping after the first outcome that is not final. Other requests go
 * to `single` unchanged.
 */
export const withBatchPush =
  (single: (request: TransportRequest) => TransportResponse) =>
  (request: TransportRequest): TransportResponse => {
    if (request.method !== 'POST' || request.path !== syncPaths.push) return single(request);
    const parsed = pushRequestSchema.safeParse(request.body);
    if (!parsed.success) return { status: 400, body: { code: 'badRequest', message: 'badRequest' } };
    const results = [];
    for (const call of parsed.data.mutations) {
      const answer = single({
        method: call.method,
        path: call.path,
        ...(call.query ? { query: call.query } : {}),
        ...(call.body === undefined ? {} : { body: call.body }),
        headers: {
          [syncHeaders.idempotencyKey]: call.idempotencyKey,
          [syncHeaders.deviceId]: call.deviceId,
          [syncHeaders.mutationId]: String(call.mutationId),
        },
      });
      results.push({
        idempotencyKey: call.idempotencyKey,
        status: answer.status,
        ...(answer.body === undefined ? {} : { body: answer.body }),
        replayed: answer.replayed === true,
      });
      if (!isFinal(answer.status, JSON.stringify(answer.body ?? ''))) break;
    }
    return { status: 200, body: { version: syncWireVersion, results } };
  };
