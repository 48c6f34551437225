import { callOf } from '../domain/sync/intents';
import {
  type PushedCall,
  pushResponseSchema,
  syncHeaders,
  syncPaths,
  syncWireVersion,
} from '../domain/sync/wire';
import { classify, type Verdict } from './classify';
import type {
  DeviceCounters,
  SyncAuth,
  SyncStore,
  SyncTransport,
  TransportRequest,
  TransportResponse,
} from './ports';
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
  /** Entries per batch push (default defaultPushBatch); 1: each entry as its own call. */
  readonly batch?: number;
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

/** Accepted answers are recorded in groups: losing a group only means the server replays them. */
const acceptedGroup = 25;
/** Consecutive 401s (each after a renewed session) before the user is asked to sign in. */
const maxAuthRounds = 2;
/** Entries per batch push (POST /api/sync/push); 1 sends each entry as its own call. */
export const defaultPushBatch = 50;

/** One entry of a batch push: its call and its sync headers. */
export const pushedCallOf = (entry: OutboxEntry): PushedCall => {
  const call = callOf(entry.intent);
  return {
    idempotencyKey: entry.idempotencyKey,
    deviceId: entry.deviceId,
    mutationId: entry.mutationId,
    method: call.method,
    path: call.path,
    ...(call.query ? { query: call.query } : {}),
    ...(call.body === undefined ? {} : { body: call.body }),
  };
};

/**
 * The answers of a batch, one per entry that ran (a prefix of `entries`), as if each had been sent alone; the
 * batch's own answer as its first entry's when it did not get through; 'single' when the server does not take
 * batches (an older server's 404, any other refusal of the batch) or answers something else, so the entries go
 * one by one.
 */
const batchAnswers = (
  response: TransportResponse,
  entries: readonly OutboxEntry[],
): TransportResponse[] | 'single' => {
  const { status } = response;
  if (status === 200) {
    const parsed = pushResponseSchema.safeParse(response.body);
    if (!parsed.success) return 'single';
    const { results } = parsed.data;
    if (!results.length || results.length > entries.length) return 'single';
    if (results.some((r, i) => r.idempotencyKey !== entries[i]?.idempotencyKey)) return 'single';
    return results.map((r) => ({ status: r.status, body: r.body, replayed: r.replayed }));
  }
  const verdict = classify(response);
  // The batch itself did not get through (offline, session, server trouble): the first entry's answer.
  if (verdict.kind === 'transient' || verdict.kind === 'auth') return [response];
  return 'single';
};

/**
 * Pushes this user's pending entries in mutation order until none is left or one cannot go now. Never
 * reorders or drops: a transient failure stops the drain on that entry (the caller retries with backoff);
 * a refusal is recorded on the entry and the next one goes. Entries go in batches (POST /api/sync/push: the
 * server runs them in order, each as its own call, and stops after the first answer that is not final); each
 * answer is handled exactly as the answer of a call of its own. A server without batches gets single calls.
 */
export const drain = async (deps: PushDeps): Promise<DrainResult> => {
  const { store, transport, userId } = deps;
  const active = deps.active ?? (() => true);
  let batchLimit = Math.max(1, deps.batch ?? defaultPushBatch);
  const accepted: { entry: OutboxEntry; body: unknown }[] = [];
  let acceptedCount = 0;
  let rejectedCount = 0;
  let marking: Promise<void> = Promise.resolve();
  /**
   * Records the accepted entries. Without `wait` the write goes on while the next batch is out: the server has
   * them already, and a write that is lost only sends them again (answered from the stored outcomes). Every
   * other write of the drain waits for it first, so the outbox changes in answer order.
   */
  const flush = async (wait = true) => {
    if (accepted.length) {
      const batch = accepted.splice(0);
      marking = marking.then(() => store.write((tx) => markAccepted(tx, batch)));
      // A failure shows where it is awaited (the next write or the end), not as an unhandled rejection first.
      marking.catch(() => undefined);
    }
    if (wait) await marking;
  };
  const result = (stop: DrainStop, attempts = 0): DrainResult => ({
    stop,
    accepted: acceptedCount,
    rejected: rejectedCount,
    attempts,
  });

  /** Sends the first entries of the queue: their answers, in order (at least one). */
  const send = async (queue: readonly OutboxEntry[]): Promise<TransportResponse[]> => {
    for (;;) {
      const group = queue.slice(0, batchLimit);
      const [first] = group;
      if (!first) return [];
      if (group.length === 1) return [await transport.send(requestOf(first))];
      const response = await transport.send({
        method: 'POST',
        path: syncPaths.push,
        body: { version: syncWireVersion, mutations: group.map(pushedCallOf) },
        headers: { [syncHeaders.deviceId]: deps.deviceId },
      });
      const answers = batchAnswers(response, group);
      if (answers !== 'single') return answers;
      batchLimit = 1;
    }
  };

  let queue: OutboxEntry[] = [];
  let after = 0;
  let authRounds = 0;
  // A drain that ends in any way, a thrown error too, leaves no write of its own running.
  const run = async (): Promise<DrainResult> => {
    for (;;) {
      if (!queue.length) {
        // Entries up to `after` are not read again, marked yet or not.
        await flush(false);
        queue = await store.read((tx) => tx.outboxPending(userId, after, Math.max(100, batchLimit)));
        if (!queue.length) {
          await flush();
          return result('empty');
        }
      }
      if (!active()) {
        await flush();
        return result('stopped');
      }
      const sent = queue.map((e) => ({ ...e, attempts: e.attempts + 1 }));
      const answers = await send(sent);
      let goOn = true;
      for (const [i, response] of answers.entries()) {
        const entry = sent[i];
        if (!entry || !goOn) break;
        const verdict = classify(response);
        deps.onAnswer?.(entry, verdict);
        switch (verdict.kind) {
          case 'accepted':
            authRounds = 0;
            accepted.push({ entry, body: response.body });
            acceptedCount++;
            queue.shift();
            after = entry.mutationId;
            if (accepted.length >= acceptedGroup) await flush(false);
            break;
          case 'transient':
            await flush();
            await store.write((tx) => markAttempt(tx, entry, verdict, deps.now()));
            return result('transient', entry.attempts);
          case 'auth': {
            await flush();
            await store.write((tx) =>
              markAttempt(tx, entry, { status: 401, code: 'unauthorized' }, deps.now()),
            );
            if (authRounds >= maxAuthRounds) return result('signIn');
            const outcome = await deps.auth.refresh();
            if (outcome === 'failed') return result('signIn');
            if (outcome === 'unavailable') return result('transient', entry.attempts);
            authRounds++;
            queue[0] = entry;
            goOn = false;
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
              goOn = false;
              break;
            }
            await store.write((tx) => markRejected(tx, entry, { status: 406, code: 'numberCollision' }));
            rejectedCount++;
            queue.shift();
            after = entry.mutationId;
            goOn = false;
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
    }
  };
  try {
    return await run();
  } finally {
    await marking.catch(() => undefined);
  }
};
