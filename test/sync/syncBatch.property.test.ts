import { describe, expect, it } from 'vitest';
import { syncPaths } from '../../domain/sync/wire';
import type { TransportRequest, TransportResponse } from '../../sync/ports';
import { withBatchPush } from './support/batchPush';
import { assertConverges } from './support/propertyRun';
import { SimServer } from './support/simServer';

/**
 * The property of sync.property.test.ts with a server that takes batch pushes (POST /api/sync/push, as
 * server/sync/pushBatch.ts: each call as its own request, in order, stopping after the first answer that is not
 * final), so the engine drains in batches: lost batch requests and answers, tokens expiring, number collisions
 * inside a batch. Same end state: exactly once, rejections listed, replicas equal the server, stock never negative.
 */
const single = SimServer.prototype.request;
let batches = 0;
SimServer.prototype.request = function request(
  this: SimServer,
  req: TransportRequest,
  userId: string,
  token: string,
): TransportResponse {
  if (req.method !== 'POST' || req.path !== syncPaths.push) return single.call(this, req, userId, token);
  // The batch needs a session of its own (the server answers 401 before running anything).
  const probe = single.call(
    this,
    { method: 'GET', path: syncPaths.changes, query: { since: '999999999', limit: '1' }, headers: {} },
    userId,
    token,
  );
  if (probe.status === 401) return probe;
  batches++;
  return withBatchPush((r) => single.call(this, r, userId, token))(req);
};

describe('sync engine property, batch pushes', () => {
  it('converges: exactly once, rejections listed, replicas equal the server, stock never negative', async () => {
    await assertConverges(500);
    // The engine did push in batches (not one call per entry after a refused batch).
    expect(batches).toBeGreaterThan(100);
  }, 180_000);
});
