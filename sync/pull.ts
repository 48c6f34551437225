import {
  changesLimits,
  isSyncEntity,
  type SyncChange,
  syncHeaders,
  syncPaths,
  syncWireVersion,
} from '../domain/sync/wire';
import { classify } from './classify';
import type { SyncAuth, SyncStore, SyncTransport, TransportResponse } from './ports';
import { applyChangesPage, finishPull } from './replica';

/** Progress of a pull: rows received so far and what the server says is still waiting. */
export interface PullProgress {
  readonly received: number;
  readonly remaining: number;
  /** The replica had never completed a pull: this is the initial sync. */
  readonly initial: boolean;
}

export const progressPercent = (p: Pick<PullProgress, 'received' | 'remaining'>): number => {
  const total = p.received + p.remaining;
  return total === 0 ? 100 : Math.min(100, Math.floor((p.received / total) * 100));
};

export interface PullDeps {
  readonly store: SyncStore;
  readonly transport: SyncTransport;
  readonly auth: SyncAuth;
  readonly deviceId: string;
  readonly now: () => number;
  /**
   * Page size asked for (the server caps it); default the server's maximum: every page is one store transaction,
   * and an initial sync of 100k+ rows in fewer, larger ones comes much closer to one bulk put.
   */
  readonly limit?: number;
  readonly active?: () => boolean;
  readonly onProgress?: (progress: PullProgress) => void;
  readonly onAnswer?: (status: number) => void;
}

export type PullStop = 'done' | 'transient' | 'signIn' | 'failed' | 'stopped';

export interface PullResult {
  readonly stop: PullStop;
  readonly received: number;
  readonly status?: number;
  readonly code?: string;
}

interface Page {
  readonly changes: SyncChange[];
  readonly cursor: string;
  readonly hasMore: boolean;
  readonly remaining: number;
  readonly lastMutationId: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a feed page (domain/sync/wire.ts ChangesResponse). Checked by hand rather than with the zod schema:
 * an initial sync reads 100k+ rows and the per-row cost counts. Changes of entities this build does not know
 * are skipped; a page that is not a version-1 answer is refused.
 */
export const parsePage = (body: unknown): Page | null => {
  if (!isObject(body) || body.version !== syncWireVersion || !Array.isArray(body.changes)) return null;
  if (typeof body.cursor !== 'string' || typeof body.hasMore !== 'boolean') return null;
  const changes: SyncChange[] = [];
  for (const c of body.changes as unknown[]) {
    if (!isObject(c) || typeof c.id !== 'string' || c.id === '' || !isSyncEntity(c.entity)) continue;
    if (c.op === 'upsert' && isObject(c.data))
      changes.push({ op: 'upsert', entity: c.entity, id: c.id, data: c.data });
    else if (c.op === 'delete') changes.push({ op: 'delete', entity: c.entity, id: c.id });
  }
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  return {
    changes,
    cursor: body.cursor,
    hasMore: body.hasMore,
    remaining: num(body.remaining),
    lastMutationId: num(body.lastMutationId),
  };
};

const maxAuthRounds = 2;

/**
 * Pulls the change feed until `hasMore` is false: each page in one store transaction (its cursor with it,
 * so an interrupted pull resumes where it stopped), then the pull's end (watermark, rebase, lastSyncAt).
 * The next page is asked for as soon as a page has arrived, so the server's work and the transfer overlap
 * the apply (an initial sync is a hundred pages and more); a page is only ever applied after the one before.
 */
export const pullAll = async (deps: PullDeps): Promise<PullResult> => {
  const { store, transport } = deps;
  const active = deps.active ?? (() => true);
  const meta = await store.read((tx) => tx.meta());
  const initial = meta.lastSyncAt === null;
  const limit = String(deps.limit ?? changesLimits.max);
  const fetchPage = (since: string | null) =>
    transport.send({
      method: 'GET',
      path: syncPaths.changes,
      query: { ...(since ? { since } : {}), limit },
      headers: { [syncHeaders.deviceId]: deps.deviceId },
    });
  let cursor = meta.cursor;
  let next: Promise<TransportResponse> | null = null;
  let received = 0;
  let authRounds = 0;
  for (;;) {
    if (!active()) return { stop: 'stopped', received };
    const response = await (next ?? fetchPage(cursor));
    next = null;
    deps.onAnswer?.(response.status);
    const verdict = classify(response);
    if (verdict.kind === 'auth') {
      if (authRounds >= maxAuthRounds) return { stop: 'signIn', received };
      const outcome = await deps.auth.refresh();
      if (outcome === 'failed') return { stop: 'signIn', received };
      if (outcome === 'unavailable') return { stop: 'transient', received, status: 401 };
      authRounds++;
      continue;
    }
    if (verdict.kind === 'transient')
      return { stop: 'transient', received, status: verdict.status, code: verdict.code };
    if (verdict.kind !== 'accepted') {
      const code = verdict.kind === 'rejected' ? verdict.rejection.code : 'badRequest';
      return { stop: 'failed', received, status: response.status, code };
    }
    authRounds = 0;
    const page = parsePage(response.body);
    if (!page) return { stop: 'failed', received, status: response.status, code: 'clientVersionOutdated' };
    // A GET: when the pull stops before it is used, nothing happened on the server.
    if (page.hasMore && active()) next = fetchPage(page.cursor);
    await store.write((tx) => applyChangesPage(tx, page.changes, page.cursor));
    received += page.changes.length;
    cursor = page.cursor;
    deps.onProgress?.({ received, remaining: page.hasMore ? page.remaining : 0, initial });
    if (!page.hasMore) {
      await store.write((tx) => finishPull(tx, page.lastMutationId, new Date(deps.now()).toISOString()));
      return { stop: 'done', received };
    }
  }
};
