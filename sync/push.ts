import { callOf } from '../domain/sync/intents';
import { syncHeaders } from '../domain/sync/wire';
import { classify, type Verdict } from './classify';
import type { DeviceCounters, SyncAuth, SyncStore, SyncTransport, TransportRequest } from './ports';
import { markAccepted, markAttempt, markRejected, renumber } from './replica';
import type { OutboxEntry } from './types';

export interface PushDeps {
  readonly store: SyncStore;
  readonly transport: SyncTransport;
  readonly auth: SyncAuth;
  /** Only this user's entries are sent (the token is theirs). */
  readonly userId: string;
  readonly deviceId: string;
  readonly now: () => number;
  readonly counters?: DeviceCounters;
  /** Asked before every request: false stops the drain (the tab lost leadership, the session ended). */
  readonly active?: () => boolean;
  /** Each answer, for the status (online, last error). */
  readonly onAnswer?: (entry: OutboxEntry, verdict: Verdict) => void;
}

/** Why a drain stopped: nothing left, a transient failure (retry later), sign-in needed, or told to stop. */
export type DrainStop = 'empty' | 'transient' | 'signIn' | 'stopped';

export interface DrainResult {
  readonly stop: DrainStop;
  readonly accepted: number;
  readonly rejected: number;
  /** Attempts of the entry that failed transiently (for the backoff). */
  readonly attempts: number;
}

/** The spec call of an entry with the sync headers. */
export const requestOf = (entry: OutboxEntry): TransportRequest => {
  const call = callOf(entry.intent);
  return {
    method: call.method,
    path: call.path,
    ...(call.query ? { query: call.query } : {}),
    ...(call.body === undefined ? {} : { body: call.body }),
    headers: {
      [syncHeaders.idempotencyKey]: entry.idempotencyKey,
      [syncHeaders.deviceId]: entry.deviceId,
      [syncHeaders.mutationId]: String(entry.mutationId),
    },
  };
};

/** Accepted answers are recorded in batches: losing a batch only means the server replays them. */
const batchSize = 25;
/** Consecutive 401s (each after a renewed session) before the user is asked to sign in. */
const maxAuthRounds = 2;

/**
 * Pushes this user's pending entries in mutation order until none is left or one cannot go now. Never
 * reorders or drops: a transient failure stops the drain on that entry (the caller retries with backoff);
 * a refusal is recorded on the entry and the next one goes.
 */
export const drain = async (deps: PushDeps): Promise<DrainResult> => {
  const { store, transport, userId } = deps;
  const active = deps.active ?? (() => true);
  const accepted: { entry: OutboxEntry; body: unknown }[] = [];
  let acceptedCount = 0;
  let rejectedCount = 0;
  const flush = async () => {
    if (!accepted.length) return;
    const batch = accepted.splice(0);
    await store.write((tx) => markAccepted(tx, batch));
  };
  const result = (stop: DrainStop, attempts = 0): DrainResult => ({
    stop,
    accepted: acceptedCount,
    rejected: rejectedCount,
    attempts,
  });

  let queue: OutboxEntry[] = [];
  let after = 0;
  let authRounds = 0;
  for (;;) {
    if (!queue.length) {
      await flush();
      queue = await store.read((tx) => tx.outboxPending(userId, after, 100));
      if (!queue.length) return result('empty');
    }
    if (!active()) {
      await flush();
      return result('stopped');
    }
    const current = queue[0];
    if (!current) continue;
    const entry: OutboxEntry = { ...current, attempts: current.attempts + 1 };
    const response = await transport.send(requestOf(entry));
    const verdict = classify(response);
    deps.onAnswer?.(entry, verdict);
    switch (verdict.kind) {
      case 'accepted':
        authRounds = 0;
        accepted.push({ entry, body: response.body });
        acceptedCount++;
        queue.shift();
        after = entry.mutationId;
        if (accepted.length >= batchSize) await flush();
        break;
      case 'transient':
        await flush();
        await store.write((tx) => markAttempt(tx, entry, verdict, deps.now()));
        return result('transient', entry.attempts);
      case 'auth': {
        await flush();
        await store.write((tx) => markAttempt(tx, entry, { status: 401, code: 'unauthorized' }, deps.now()));
        if (authRounds >= maxAuthRounds) return result('signIn');
        const outcome = await deps.auth.refresh();
        if (outcome === 'failed') return result('signIn');
        if (outcome === 'unavailable') return result('transient', entry.attempts);
        authRounds++;
        queue[0] = entry;
        break;
      }
      case 'collision': {
        await flush();
        const rewritten = await store.write((tx) =>
          renumber(tx, entry, {
            deviceId: entry.deviceId,
            now: deps.now(),
            ...(deps.counters ? { counters: deps.counters } : {}),
          }),
        );
        if (rewritten) {
          // This and later entries may carry the new number: read them again.
          queue = [];
          after = entry.mutationId - 1;
          break;
        }
        await store.write((tx) => markRejected(tx, entry, { status: 406, code: 'numberCollision' }));
        rejectedCount++;
        queue.shift();
        after = entry.mutationId;
        break;
      }
      case 'rejected':
        await flush();
        await store.write((tx) => markRejected(tx, entry, verdict.rejection));
        rejectedCount++;
        queue.shift();
        after = entry.mutationId;
        break;
    }
  }
};
