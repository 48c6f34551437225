import { HttpError } from '@microsoft/signalr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CorrelationIds, maxCorrelationIds } from '../../sync/liveConnectionCorrelation';
import { isUnauthorizedError, liveRetryDelay, liveRetryPolicy } from '../../sync/liveConnectionRetry';

const context = (previousRetryCount: number, retryReason = new Error('lost')) => ({
  previousRetryCount,
  elapsedMilliseconds: previousRetryCount * 2000,
  retryReason,
});

describe('live connection retry policy (§9)', () => {
  it('waits 2000 ms for retries 0–7, 4000 ms for 8–15, then stops', () => {
    const delays = Array.from({ length: 20 }, (_, i) => liveRetryDelay(i));
    expect(delays).toEqual([
      ...Array<number>(8).fill(2000),
      ...Array<number>(8).fill(4000),
      null,
      null,
      null,
      null,
    ]);
  });

  it('is what the signalr policy answers, after telling the caller why it retries', () => {
    const reasons: string[] = [];
    const policy = liveRetryPolicy((c) => reasons.push(c.retryReason.message));
    expect(policy.nextRetryDelayInMilliseconds(context(0, new Error('first')))).toBe(2000);
    expect(policy.nextRetryDelayInMilliseconds(context(7))).toBe(2000);
    expect(policy.nextRetryDelayInMilliseconds(context(8))).toBe(4000);
    expect(policy.nextRetryDelayInMilliseconds(context(15))).toBe(4000);
    expect(policy.nextRetryDelayInMilliseconds(context(16))).toBeNull();
    expect(reasons[0]).toBe('first');
    expect(reasons).toHaveLength(5);
  });

  it('recognises the 401s the client reports (negotiate refused, closed for the token)', () => {
    expect(isUnauthorizedError(new HttpError('Unauthorized', 401))).toBe(true);
    expect(
      isUnauthorizedError(
        new Error("Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'"),
      ),
    ).toBe(true);
    expect(
      isUnauthorizedError(
        new Error(
          'Server returned an error on close: Connection closed with an error. Unauthorized: the access token expired.',
        ),
      ),
    ).toBe(true);
    expect(isUnauthorizedError(new HttpError('Not Found', 404))).toBe(false);
    expect(isUnauthorizedError(new Error('WebSocket closed with status code: 1006 ().'))).toBe(false);
    expect(isUnauthorizedError(undefined)).toBe(false);
  });
});

describe('correlation ids', () => {
  it('keeps at most 50, dropping the oldest first', () => {
    const ids = new CorrelationIds();
    for (let i = 0; i < 60; i++) ids.add(`c-${i}`);
    expect(maxCorrelationIds).toBe(50);
    expect(ids.size).toBe(50);
    for (let i = 0; i < 10; i++) expect(ids.has(`c-${i}`)).toBe(false);
    for (let i = 10; i < 60; i++) expect(ids.has(`c-${i}`)).toBe(true);
    expect(ids.has(null)).toBe(false);
    expect(ids.has(undefined)).toBe(false);
  });

  it('always remembers exactly the newest distinct ids, up to the bound', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-f]{1,3}$/), { maxLength: 200 }),
        fc.integer({ min: 1, max: 60 }),
        (added, limit) => {
          const ids = new CorrelationIds(limit);
          for (const id of added) ids.add(id);
          // Newest distinct ids, newest last: the model of what must be kept.
          const order: string[] = [];
          for (const id of added) {
            const at = order.indexOf(id);
            if (at >= 0) order.splice(at, 1);
            order.push(id);
          }
          const kept = order.slice(-limit);
          expect(ids.size).toBe(kept.length);
          for (const id of kept) expect(ids.has(id)).toBe(true);
          for (const id of order.slice(0, -limit)) expect(ids.has(id)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
