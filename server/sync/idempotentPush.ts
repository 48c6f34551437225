import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { syncHeaders } from '../../domain/sync/wire';
import type { AppContext } from '../context';
import { syncMutation } from '../db/syncTables';
import { deferredOutcomeStore } from './deferredOutcomes';
import { type MutationContext, mutationStore } from './mutationContext';
import { isFinal } from './outcome';
import { installRecordingTransaction, storeUnrecorded } from './recordingTransaction';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pushed mutation this request is (Idempotency-Key), while its outcome is not stored yet. */
    syncMutation: MutationContext | undefined;
  }
}

const keyPattern = /^[A-Za-z0-9._:-]{8,128}$/;
const devicePattern = /^[A-Za-z0-9._:-]{1,128}$/;
const mutationIdPattern = /^[1-9][0-9]{0,14}$/;
/** A stored mutation without an outcome this old lost its response after commit (the process died). */
const lostOutcomeAfterMs = 60_000;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new AppError('badRequest', { detail: `one ${name} header` });
  return v.trim();
};

const pathOf = (request: FastifyRequest): string => (request.url.split('?')[0] ?? '').toLowerCase();

/** The mutation a request carries, or undefined when it is an ordinary request. Bad sync headers are 400. */
const mutationOf = (request: FastifyRequest): MutationContext | undefined => {
  const key = header(request, syncHeaders.idempotencyKey);
  // Without a valid session the route answers 401 and nothing is recorded. The sync routes themselves are no
  // mutation (a batch push carries its calls' keys in its body).
  if (key === undefined || !request.auth || pathOf(request).startsWith('/api/sync/')) return undefined;
  if (!keyPattern.test(key)) throw new AppError('badRequest', { detail: 'Idempotency-Key' });
  const deviceId = header(request, syncHeaders.deviceId) ?? null;
  if (deviceId !== null && !devicePattern.test(deviceId))
    throw new AppError('badRequest', { detail: 'X-Device-Id' });
  const mutation = header(request, syncHeaders.mutationId);
  if (mutation !== undefined && (!mutationIdPattern.test(mutation) || deviceId === null))
    throw new AppError('badRequest', { detail: 'X-Mutation-Id' });
  return {
    clientAccountId: request.auth.acc,
    userId: request.auth.sub,
    idempotencyKey: key,
    deviceId,
    mutationId: mutation === undefined ? null : Number(mutation),
    method: request.method,
    path: pathOf(request),
    state: 'pending',
  };
};

const keyCondition = (m: Pick<MutationContext, 'clientAccountId' | 'idempotencyKey'>) =>
  and(eq(syncMutation.clientAccountId, m.clientAccountId), eq(syncMutation.idempotencyKey, m.idempotencyKey));

/** Answers from the stored outcome (true), or says the handler must run (false). */
const answerFromStore = async (
  ctx: AppContext,
  m: MutationContext,
  reply: FastifyReply,
): Promise<boolean> => {
  const [row] = await ctx.db
    .select({
      userId: syncMutation.userId,
      method: syncMutation.method,
      path: syncMutation.path,
      statusCode: syncMutation.statusCode,
      response: syncMutation.response,
      createdAt: syncMutation.createdAt,
    })
    .from(syncMutation)
    .where(keyCondition(m))
    .limit(1);
  if (!row) return false;
  // One key is one intent: another call or another user under it is a client error, never a replay.
  if (row.userId !== m.userId || row.method !== m.method || row.path !== m.path)
    throw new AppError('badRequest', { detail: 'Idempotency-Key belongs to another request' });
  if (row.statusCode === null) {
    if (Date.now() - row.createdAt.getTime() < lostOutcomeAfterMs) throw new AppError('mutationInProgress');
    // Committed, but the answer never got stored: the change is in the feed, say it succeeded.
    reply.status(200).header(syncHeaders.replayed, 'true').type('application/json').send('{}');
    return true;
  }
  reply.status(row.statusCode).header(syncHeaders.replayed, 'true');
  if (row.response?.contentType) reply.type(row.response.contentType);
  reply.send(row.response?.body ? row.response.body : undefined);
  return true;
};

const bodyText = (payload: unknown): string => {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return '';
};

/** Stores the outcome of a mutation once its response is ready (before it goes out). */
const storeOutcome = async (
  ctx: AppContext,
  m: MutationContext,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> => {
  const recorded = m.state === 'recorded';
  const pending = m.state === 'pending';
  m.state = 'closed';
  const status = reply.statusCode;
  const body = bodyText(payload);
  if (!isFinal(status, body) || !(recorded || pending)) return;
  const type = reply.getHeader('content-type');
  const response = { contentType: typeof type === 'string' ? type : null, body };
  if (recorded) {
    // Inside a batch push the batch writes its outcomes together when it ends (deferredOutcomes.ts).
    const batch = deferredOutcomeStore.getStore();
    if (batch)
      batch.add({
        clientAccountId: m.clientAccountId,
        idempotencyKey: m.idempotencyKey,
        statusCode: status,
        response,
      });
    else await ctx.db.update(syncMutation).set({ statusCode: status, response }).where(keyCondition(m));
    return;
  }
  // No transaction of the handler recorded it (a refusal before any write, or a write outside db.transaction).
  await storeUnrecorded(ctx.db, m, status, response);
};

/**
 * Exactly-once pushes (docs/sync-contract.md §2): a request with Idempotency-Key is answered from its stored
 * outcome when there is one; otherwise its handler runs inside the mutation context (the first transaction
 * records the mutation, recordingTransaction.ts) and the outcome is stored before the response goes out.
 * Applies to every method: GenerateDocuments is a GET that writes.
 */
export const registerIdempotentPush = (app: FastifyInstance, ctx: AppContext): void => {
  installRecordingTransaction(ctx.db);
  app.decorateRequest('syncMutation', undefined);

  app.addHook('preHandler', (request, reply, done) => {
    let m: MutationContext | undefined;
    try {
      m = mutationOf(request);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (!m) {
      done();
      return;
    }
    const mutation = m;
    const run = () => {
      request.syncMutation = mutation;
      // The handler runs synchronously inside done(): everything it awaits sees the mutation.
      mutationStore.run(mutation, () => done());
    };
    const batch = deferredOutcomeStore.getStore();
    if (batch?.takeFresh(mutation.clientAccountId, mutation.idempotencyKey)) {
      run();
      return;
    }
    // A key repeated inside one batch: the earlier call's outcome is written before it is looked up.
    (batch
      ? batch
          .flushIfHolding(ctx.db, mutation.clientAccountId, mutation.idempotencyKey)
          .then(() => answerFromStore(ctx, mutation, reply))
      : answerFromStore(ctx, mutation, reply)
    ).then(
      (answered) => {
        if (!answered) run();
      },
      (err: unknown) => done(err as Error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const m = request.syncMutation;
    if (!m) return payload;
    request.syncMutation = undefined;
    try {
      await storeOutcome(ctx, m, reply, payload);
    } catch (err) {
      // The change (if any) is committed; a repeat then meets the stored row without an outcome.
      request.log.error({ err }, 'could not store the outcome of a pushed mutation');
    }
    return payload;
  });
};
