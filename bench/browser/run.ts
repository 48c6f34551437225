// npm run bench (browser part, issue 4): in real Chromium, against the real server (buildApp on the kept data set
// of serverData.ts, listening on loopback and serving the bench page), the replica (src/db) and the engine (sync/):
//   1. initial sync of 100k stock rows + 20k products + 10k bins, next to a raw Dexie bulkPut of the same rows
//      (twice: sync, raw, sync into a new replica, raw; the target compares the totals);
//   2. scan → confirmed line latency with 4× CPU throttling;
//   3. draining 1,000 queued mutations, next to a plain sequential fetch loop of the same calls.
// Before each measured part the page's garbage is collected and the machine is let go quiet (quietly()).
// PostgreSQL (DATABASE_URL) unless BENCH_ONLY=pglite or there is none. BENCH_SCANS, BENCH_PAGE_LIMIT,
// BENCH_BROWSER (which of scan,drain), BENCH_PROFILE=1 (CPU profile of a scan miss) tune it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { changesLimits } from '../../domain/sync/wire';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/accessToken';
import { claimsOf } from '../../server/auth/claimsOf';
import type { Row } from '../../server/resources/rows';
import { postgresAdminUrl } from '../support/benchDatabases';
import { writeBenchPage } from './bundle';
import { type CpuSnapshot, chromiumChild, cpuBetween, cpuSnapshot, settle } from './cpu';
import type { BenchApi, FeedPage, ScanResult, ScanSample, ScanVariant } from './protocol';
import { judge, latencyOf, ms, perSecond, rate, seconds, share, targets, type Verdicts } from './report';
import { pickSamples } from './samples';
import { openPgliteData, openPostgresData, type ServerData, shape } from './serverData';

const jwtSecret = 'bench-browser-secret-bench-browser-secret';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const scans = Number(process.env.BENCH_SCANS ?? 200);
const scanWarmup = 20;
const linesPerDocument = 20;
const drainTarget = 1000;
/** BENCH_PROFILE=1: CPU-profile the diagnostic scans (and bundle unminified, for readable names). */
const profiling = process.env.BENCH_PROFILE === '1';
const diagnosticScans = 20;
/** BENCH_EXPERIMENTS=1: also measure the changes of experiments.ts (a second initial sync, more scans). */
const experiments = process.env.BENCH_EXPERIMENTS === '1';
const experimentScans = 40;
/** BENCH_BROWSER=scan (or drain, or both comma-separated) skips the other (while working on one). */
const parts = new Set((process.env.BENCH_BROWSER ?? 'scan,drain').split(','));
const pageLimit = process.env.BENCH_PAGE_LIMIT ? Number(process.env.BENCH_PAGE_LIMIT) : undefined;

const log = (line: string) => console.log(line);

/**
 * Before a measured part: the page's garbage is collected (the parts before leave hundreds of MB: the raw
 * comparison alone reads all 130k rows back), so a major GC of it — 0.3–0.5 s at 4× throttling — does not land
 * in the next part's figures; then the machine is let go quiet (./cpu.ts settle). Says how long that took.
 */
const quietly = async (page: Page, before: string): Promise<void> => {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
  } finally {
    await cdp.detach();
  }
  const waited = await settle(probe);
  if (!waited) return;
  log(
    `  garbage collected, ${waited.quiet ? 'quiet' : 'still busy'} after ${seconds(waited.ms)} before ${before}` +
      (waited.cpu && waited.ms >= 1500 ? ` (${waited.cpu})` : ''),
  );
};

/** CPU by process group now (set once Chromium runs). */
let probe: () => CpuSnapshot | undefined = () => undefined;

/** Runs one method of window.aisleBench in the page. */
const call = <K extends keyof BenchApi>(
  page: Page,
  method: K,
  ...args: Parameters<BenchApi[K]>
): Promise<Awaited<ReturnType<BenchApi[K]>>> =>
  page.evaluate(
    async ([name, rest]) => {
      const api = window.aisleBench;
      if (!api) throw new Error('the bench page did not load');
      const fn = api[name] as (...a: unknown[]) => Promise<unknown>;
      return fn(...rest);
    },
    [method, args] as const,
  ) as Promise<Awaited<ReturnType<BenchApi[K]>>>;

const openData = async (): Promise<{ data: ServerData; kind: string } | { skipped: string }> => {
  const only = process.env.BENCH_ONLY;
  const server = postgresAdminUrl();
  if (only !== 'pglite' && 'url' in server)
    return { data: await openPostgresData(server.url, log), kind: 'PostgreSQL' };
  if (only === 'postgres') return { skipped: 'skipped' in server ? server.skipped : 'no PostgreSQL' };
  if ('skipped' in server) log(`  no PostgreSQL (${server.skipped}): the server runs on PGlite`);
  return { data: await openPgliteData(log), kind: 'PGlite' };
};

const tokenFor = async (app: FastifyInstance, userId: string): Promise<string> => {
  const users = app.ctx.schema.resourceTables.user;
  if (!users?.id) throw new Error('no user table');
  const [user] = await app.ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('no bench user');
  return (await signAccessToken(claimsOf(user as Row), jwtSecret, 3600)).token;
};

/** Server-side counts of what the initial sync must bring (everything of the account in scope). */
const expectedRows = async (data: ServerData): Promise<Record<string, number>> => {
  const [row] = await data.bench.raw.query(
    `select (select count(*) from product where client_account_id = $1)::int as product,
            (select count(*) from stock where client_account_id = $1)::int as stock,
            (select count(*) from storage_space where client_account_id = $1)::int as "storageSpace"`,
    [data.accountId],
  );
  return {
    product: Number(row?.product),
    stock: Number(row?.stock),
    storageSpace: Number(row?.storageSpace),
  };
};

/** Feed pages grouped by what they mostly carry, with the mean time to get and to apply one. */
const pageSummary = (pages: readonly FeedPage[]): string[] => {
  const groups = new Map<string, { pages: number; changes: number; send: number; write: number }>();
  for (const p of pages) {
    const [main] = Object.entries(p.entities).sort((a, b) => b[1] - a[1]);
    const name = main ? main[0] : 'empty';
    const g = groups.get(name) ?? { pages: 0, changes: 0, send: 0, write: 0 };
    g.pages++;
    g.changes += Object.values(p.entities).reduce((a, b) => a + b, 0);
    g.send += p.sendMs;
    g.write += p.writeMs;
    groups.set(name, g);
  }
  return [...groups].map(
    ([name, g]) =>
      `    pages mostly ${name.padEnd(16)} ${String(g.pages).padStart(4)} pages, ${g.changes.toLocaleString('en').padStart(7)} changes: ` +
      `feed ${seconds(g.send)} (${ms(g.send / g.pages)}/page), apply ${seconds(g.write)} (${ms(g.write / g.pages)}/page)`,
  );
};

/**
 * How long the apply waited for the feed: before the first page, and whenever a page arrived after the one
 * before it was written (pages are applied one after the other, as they came).
 */
const feedWaits = (pages: readonly FeedPage[]): string => {
  let waited = 0;
  let free = 0;
  const gaps: string[] = [];
  for (const [i, p] of pages.entries()) {
    const wait = Math.max(0, p.arrivedAt - free);
    waited += wait;
    if (wait >= 20) gaps.push(`#${i + 1} ${ms(wait)}`);
    free = p.writtenAt;
  }
  return `the apply waited for the feed ${seconds(waited)} in all (${gaps.join(', ') || 'no page 20 ms or more'})`;
};

/** Runs `work` with the page's JS CPU-profiled (CDP Profiler), unthrottled. */
const profiled = async <T>(
  page: Page,
  work: () => Promise<T>,
): Promise<{ value: T; profile: CpuProfile }> => {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    const value = await work();
    const stopped = await cdp.send('Profiler.stop');
    return { value, profile: stopped.profile };
  } finally {
    await cdp.detach();
  }
};

const benchSync = async (page: Page, data: ServerData, v: Verdicts): Promise<void> => {
  const cpuFrom = probe();
  const run = profiling
    ? await profiled(page, () => call(page, 'initialSync'))
    : { value: await call(page, 'initialSync'), profile: undefined };
  const sync = run.value;
  const cpuSync = probe();
  const expected = await expectedRows(data);
  await quietly(page, 'the raw bulkPut');
  const cpuRawFrom = probe();
  for (const [table, n] of Object.entries(expected))
    if (sync.rows[table] !== n)
      throw new Error(`initial sync: ${table} has ${sync.rows[table]} rows, the server ${n}`);
  if (sync.stop !== 'done') throw new Error(`initial sync did not finish: ${sync.stop}`);
  const raw = await call(page, 'rawBulkPut');
  const cpuRaw = probe();
  if (raw.rows !== sync.totalRows)
    throw new Error(`raw bulkPut put ${raw.rows} rows, the replica has ${sync.totalRows}`);
  const rows = sync.totalRows;
  log(
    `  initial sync: ${rows.toLocaleString('en')} rows (${sync.rows.stock?.toLocaleString('en')} stock, ` +
      `${sync.rows.product?.toLocaleString('en')} products, ${sync.rows.storageSpace?.toLocaleString('en')} locations, …) ` +
      `in ${seconds(sync.ms)} = ${rate(rows, sync.ms, 'rows')}`,
  );
  log(
    `    feed delivered ${sync.received.toLocaleString('en')} changes (${sync.tombstones.toLocaleString('en')} tombstones); ` +
      `feed requests ${share(sync.send, sync.ms)}, applying pages ${share(sync.write, sync.ms)} ` +
      `(the next page is asked for while one is applied: the two overlap)`,
  );
  for (const line of pageSummary(sync.pages)) log(line);
  log(`    ${feedWaits(sync.pages)}`);
  const syncCpu = cpuBetween(cpuFrom, cpuSync);
  if (syncCpu) log(`    ${syncCpu}`);
  if (sync.otherWrites.length)
    log(`    other write transactions (finishPull): ${sync.otherWrites.map((w) => ms(w)).join(', ')}`);
  if (run.profile) {
    log('    CPU profile of the page during the initial sync, self time:');
    for (const line of topSelfTime(run.profile, 20)) log(line);
  }
  log(
    `  raw Dexie bulkPut of the same ${raw.rows.toLocaleString('en')} rows (one transaction, one bulkPut per table): ` +
      `${seconds(raw.ms)} = ${rate(raw.rows, raw.ms, 'rows')} (reading them back first: ${seconds(raw.readMs)})`,
  );
  const rawCpu = cpuBetween(cpuRawFrom, cpuRaw);
  if (rawCpu) log(`    reading back + bulkPut ${rawCpu}`);
  if (experiments) {
    await quietly(page, 'the experiment');
    const cpuBefore = probe();
    const e = await call(page, 'experimentSync', pageLimit ?? changesLimits.max);
    const cpuAfter = cpuBetween(cpuBefore, probe());
    log(
      `  experiment: the feed read to its end first (${seconds(e.send.ms)}), then applied: ` +
        `${e.rows.toLocaleString('en')} rows in ${seconds(e.write.ms)} = ${rate(e.rows, e.write.ms, 'rows')} ` +
        `(${(e.write.ms / raw.ms).toFixed(2)}× raw)`,
    );
    if (cpuAfter) log(`    feed + apply ${cpuAfter}`);
  }
  // A second pair, in the same order: one pair's figures move with the machine's phase (the raw bulkPut alone
  // ranged over 14.4k–17.8k rows/s between runs); the target compares the two pairs' totals.
  await quietly(page, 'the second initial sync');
  const again = await call(page, 'initialSyncAgain');
  if (again.stop !== 'done' || again.totalRows !== rows)
    throw new Error(`second initial sync: ${again.stop}, ${again.totalRows} rows`);
  await quietly(page, 'the second raw bulkPut');
  const rawAgain = await call(page, 'rawBulkPut');
  log(
    `  again: initial sync into a new replica ${seconds(again.ms)} = ${rate(rows, again.ms, 'rows')} ` +
      `(${feedWaits(again.pages)}); raw bulkPut ${seconds(rawAgain.ms)} = ${rate(rawAgain.rows, rawAgain.ms, 'rows')}`,
  );
  const syncMs = sync.ms + again.ms;
  const rawMs = raw.ms + rawAgain.ms;
  const ratio = syncMs / rawMs;
  judge(
    v,
    'initial sync',
    ratio <= targets.syncRatio,
    `within ${targets.syncRatio}× of raw bulkPut: ${ratio.toFixed(2)}× over both pairs ` +
      `(${(sync.ms / raw.ms).toFixed(2)}× and ${(again.ms / rawAgain.ms).toFixed(2)}×; ` +
      `${rate(2 * rows, syncMs, 'rows')} vs ${rate(raw.rows + rawAgain.rows, rawMs, 'rows')})`,
  );
};

/** The part of a CDP Profiler.Profile read here. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/** Runs `work` with the page's CPU throttled 4× (CDP Emulation.setCPUThrottlingRate), optionally CPU-profiled. */
const throttled = async <T>(
  page: Page,
  work: () => Promise<T>,
  profile = false,
): Promise<{ value: T; profile?: CpuProfile }> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    if (!profile) return { value: await work() };
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const value = await work();
    const stopped = await cdp.send('Profiler.stop');
    return { value, profile: stopped.profile };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
};

/** Self time per function of a CPU profile, the largest first. */
const topSelfTime = (profile: CpuProfile, top: number): string[] => {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  for (const [i, id] of (profile.samples ?? []).entries()) {
    const node = byNode.get(id);
    const dt = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    if (!node) continue;
    const f = node.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + dt);
    total += dt;
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, t]) => `      ${ms(t).padStart(10)} ${((t / total) * 100).toFixed(1).padStart(5)} %  ${name}`,
    );
};

const callsPerScan = (result: ScanResult, scans: number): string =>
  Object.entries(result.storeCalls ?? {})
    .map(([name, c]) => `${name} ${(c.count / scans).toFixed(1)}× ${ms(c.ms / scans)}`)
    .join(', ');

const checkScan = (result: ScanResult): void => {
  if (result.notFound.length || result.refused.length)
    throw new Error(
      `scan: ${result.notFound.length} codes not found (${result.notFound.slice(0, 3).join('; ')}), ` +
        `${result.refused.length} lines refused (${result.refused.slice(0, 3).join('; ')})`,
    );
};

const benchScan = async (
  page: Page,
  samples: readonly ScanSample[],
  diagnosis: readonly ScanSample[],
  experimentSamples: Readonly<
    Record<'measured' | 'parallelWhere' | 'parallelWhereMetered' | 'quiet', readonly ScanSample[]>
  >,
  v: Verdicts,
): Promise<void> => {
  const cpuFrom = probe();
  const { value: result } = await throttled(page, () =>
    call(page, 'scan', { samples, warmup: scanWarmup, linesPerDocument }),
  );
  const cpuTo = probe();
  checkScan(result);
  const all = latencyOf(result.latencies);
  const n = result.latencies.length;
  log(
    `  scan → confirmed line, 4× CPU throttling, ${n} scans (+${scanWarmup} warm-up), product lookup: ${result.product}: ` +
      `p50 ${ms(all.p50)}, p95 ${ms(all.p95)}, max ${ms(all.max)}`,
  );
  const byForm = (['ean13', 'gs1', 'index'] as const)
    .map((form) => {
      const l = latencyOf(result.latencies.filter((_, i) => result.forms[i] === form));
      return `${form} p50 ${ms(l.p50)} / p95 ${ms(l.p95)}`;
    })
    .join(', ');
  const tenth = Math.max(1, Math.floor(n / 10));
  const tenths = Array.from({ length: 10 }, (_, i) =>
    latencyOf(result.latencies.slice(i * tenth, (i + 1) * tenth)),
  );
  log(`    by code: ${byForm}`);
  log(
    `    mean / p95 of each ${tenth} scans in turn: ${tenths.map((l) => `${l.mean.toFixed(0)}/${l.p95.toFixed(0)}`).join(' ')} ms`,
  );
  log(
    `    mean per scan: find product ${ms(result.find.ms / n)}, stock at the location ${ms(result.source.ms / n)}, ` +
      `validate + enqueue ${ms(result.enqueue.ms / n)}`,
  );
  const scanCpu = cpuBetween(cpuFrom, cpuTo);
  if (scanCpu) log(`    ${scanCpu}`);
  const ok = all.p95 <= targets.scanP95Ms;
  judge(v, 'scan p95', ok, `p95 ≤ ${targets.scanP95Ms} ms: ${ms(all.p95)}`);
  if (experiments) {
    // The same kind of scans (a fresh document each pass): the real store, the proposed `where`, the latter
    // metered, and the latter once the engine's live query (outboxCounts after every commit) is stopped.
    const passes: [string, ScanVariant, readonly ScanSample[]][] = [
      ['measured', 'measured', experimentSamples.measured],
      ['parallel where', 'parallelWhere', experimentSamples.parallelWhere],
      ['parallel where, metered', 'parallelWhereMetered', experimentSamples.parallelWhereMetered],
      ['parallel where, no live query', 'parallelWhere', experimentSamples.quiet],
    ];
    for (const [name, variant, list] of passes) {
      if (name.endsWith('no live query')) await call(page, 'stopLiveQuery');
      const pass = await throttled(page, () =>
        call(page, 'scan', { samples: list, warmup: 0, linesPerDocument, variant }),
      );
      checkScan(pass.value);
      const l = latencyOf(pass.value.latencies);
      const k = pass.value.latencies.length;
      log(
        `    experiment ${name.padEnd(30)} ${k} scans: p50 ${ms(l.p50)}, p95 ${ms(l.p95)}; mean find ` +
          `${ms(pass.value.find.ms / k)}, stock ${ms(pass.value.source.ms / k)}, enqueue ${ms(pass.value.enqueue.ms / k)}`,
      );
      if (pass.value.storeCalls) log(`      awaited store calls per scan: ${callsPerScan(pass.value, k)}`);
    }
  }
  if (ok && !profiling) return;
  // Where the time goes: the same scans again with every store call of the enqueue metered.
  const diag = await throttled(
    page,
    () => call(page, 'scan', { samples: diagnosis, warmup: 0, linesPerDocument, variant: 'metered' }),
    profiling,
  );
  checkScan(diag.value);
  const d = diag.value.latencies.length;
  const calls = callsPerScan(diag.value, d);
  log(
    `    diagnosis (${d} more scans, store calls metered): enqueue ${ms(diag.value.enqueue.ms / d)}/scan in ` +
      `${((diag.value.transactions ?? 0) / d).toFixed(1)} transaction(s); awaited store calls per scan: ${calls}`,
  );
  if (diag.profile) {
    log('    CPU profile of those scans, self time (4× throttled):');
    for (const line of topSelfTime(diag.profile, 25)) log(line);
  }
};

const benchDrain = async (page: Page, samples: readonly ScanSample[], v: Verdicts): Promise<void> => {
  const fill = await call(page, 'fillOutbox', samples, drainTarget, linesPerDocument);
  if (fill.pending !== drainTarget || fill.refused.length)
    throw new Error(
      `outbox: ${fill.pending} pending, ${fill.refused.length} refused: ${fill.refused.slice(0, 3).join('; ')}`,
    );
  const counts = await call(page, 'outboxCounts');
  log(
    `  outbox filled to ${fill.pending.toLocaleString('en')} pending mutations (document.create + line.add) in ` +
      `${seconds(fill.ms)}; outboxCounts (re-run by the engine's live query after every commit) now takes ` +
      `${ms(counts.current)}, one indexed count ${ms(counts.indexed)}`,
  );
  // Warm the routes up, then the baseline, then the engine.
  await call(page, 'plainLoop', { seqOffset: 1_000_000, syncHeaders: false, count: 50 });
  let cpuFrom = probe();
  const plain = await call(page, 'plainLoop', { seqOffset: 2_000_000, syncHeaders: false });
  const plainCpu = cpuBetween(cpuFrom, probe());
  const plainSync = experiments
    ? await call(page, 'plainLoop', { seqOffset: 3_000_000, syncHeaders: true })
    : undefined;
  cpuFrom = probe();
  const drained = await call(page, 'drain');
  const drainCpu = cpuBetween(cpuFrom, probe());
  const ok = (statuses: Readonly<Record<string, number>>) =>
    Object.keys(statuses).every((s) => s === '200' || s === '201');
  if (!ok(plain.statuses) || (plainSync && !ok(plainSync.statuses)))
    throw new Error(
      `plain loop answers: ${JSON.stringify(plain.statuses)} ${JSON.stringify(plainSync?.statuses)}`,
    );
  if (drained.accepted !== drainTarget || drained.stop !== 'empty')
    throw new Error(`drain: ${JSON.stringify(drained)}`);
  log(
    `  drain of ${drainTarget.toLocaleString('en')} mutations (sync/push.ts drain, HTTP transport): ${seconds(drained.ms)} = ` +
      `${rate(drained.accepted, drained.ms, 'mutations')}; waiting for answers ${share(drained.send, drained.ms)}, ` +
      `outbox writes ${share(drained.write, drained.ms)}`,
  );
  if (drainCpu) log(`    ${drainCpu}`);
  log(
    `  plain sequential fetch loop of the same ${plain.calls.toLocaleString('en')} calls: ${seconds(plain.ms)} = ` +
      `${rate(plain.calls, plain.ms, 'calls')}` +
      (plainSync
        ? `; with the sync headers (server-side idempotency): ${seconds(plainSync.ms)} = ${rate(plainSync.calls, plainSync.ms, 'calls')}`
        : ''),
  );
  if (plainCpu) log(`    ${plainCpu}`);
  const ratio = drained.ms / plain.ms;
  judge(
    v,
    'drain vs plain loop',
    ratio <= targets.drainRatio,
    `within ${targets.drainRatio}× of the plain loop: ${ratio.toFixed(2)}×`,
  );
  const perSec = perSecond(drained.accepted, drained.ms);
  judge(
    v,
    'drain rate',
    perSec >= targets.drainPerSecond,
    `≥ ${targets.drainPerSecond} mutations/s: ${Math.round(perSec)}/s`,
  );
};

const main = async (): Promise<void> => {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    log(`[browser] skipped: no Chromium at ${executablePath} (set CHROMIUM_PATH)`);
    return;
  }
  const opened = await openData();
  if ('skipped' in opened) {
    log(`[browser] skipped: ${opened.skipped}`);
    return;
  }
  const { data, kind } = opened;
  const webDir = mkdtempSync(join(tmpdir(), 'aisle-bench-page-'));
  let app: FastifyInstance | undefined;
  let browser: Browser | undefined;
  const v: Verdicts = { lines: [], misses: [] };
  try {
    const page$ = await writeBenchPage(webDir, { minify: !profiling });
    app = await buildApp({
      database: data.bench.database,
      config: { jwtSecret, webDir, demo: false, dataDir: undefined, databaseUrl: undefined },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const token = await tokenFor(app, data.userId);
    const samples = await pickSamples(
      data.bench,
      data.accountId,
      scanWarmup + scans + diagnosticScans + 4 * experimentScans + drainTarget + 100,
    );
    browser = await chromium.launch({ executablePath, headless: true, args: chromiumFlags });
    const browserPid = chromiumChild();
    probe = () => cpuSnapshot(browserPid, data.pgMarker);
    log(
      `\n[browser] Chromium ${browser.version()}, server on ${kind} (127.0.0.1:${port}), page bundle ` +
        `${Math.round(page$.bytes / 1024)} KiB; data set ${shape.stock.toLocaleString('en')} stock rows, ` +
        `${shape.products.toLocaleString('en')} products, ${shape.locations.toLocaleString('en')} bins`,
    );
    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => log(`  page error: ${error.message}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => window.aisleBench !== undefined);
    await call(page, 'setup', {
      token,
      clientAccountId: data.accountId,
      userId: data.userId,
      ...(pageLimit ? { pageLimit } : {}),
    });

    // The initial sync always runs: the other two work on its replica.
    await quietly(page, 'the initial sync');
    await benchSync(page, data, v);
    let from = 0;
    const take = (n: number) => {
      const taken = samples.slice(from, from + n);
      from += n;
      return taken;
    };
    if (parts.has('scan')) {
      const measured = take(scanWarmup + scans);
      const diagnosis = take(diagnosticScans);
      const forExperiments = {
        measured: take(experimentScans),
        parallelWhere: take(experimentScans),
        parallelWhereMetered: take(experimentScans),
        quiet: take(experimentScans),
      };
      await quietly(page, 'the scans');
      await benchScan(page, measured, diagnosis, forExperiments, v);
    }
    if (parts.has('drain')) {
      await quietly(page, 'the drain');
      await benchDrain(page, samples.slice(from), v);
    }
    for (const line of v.lines) log(line);
    log(
      v.misses.length
        ? `  ${v.misses.length} of ${v.lines.length} browser targets missed: ${v.misses.join(', ')}`
        : `  all ${v.lines.length} browser targets met`,
    );
  } finally {
    await browser?.close();
    await app?.close();
    await data.dispose();
    rmSync(webDir, { recursive: true, force: true });
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
