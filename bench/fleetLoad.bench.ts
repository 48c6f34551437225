// npm run bench: a fleet of terminals against TWO server processes (`tsx server/main.ts`, as deployed) on one
// PostgreSQL (issues 24 and 26). Each terminal pulls the change feed once a second and pushes a 3-line receipt
// (create, three lines, confirm: one batch push) every 20 s, spread evenly, so 200 terminals offer 10 receipts/s.
// Printed per fleet size, each beside its target: receipts accepted against offered, pull and push p50/p95/p99,
// errors, each server's memory at start and end, PostgreSQL connections used, and the CPU seconds of the load
// generator, each server process and PostgreSQL — on a 2-core machine they share the cores, so a slow server can
// be told from a starved one. After the last size, the servers' and PostgreSQL's CPU per intent and per pull are
// measured apart (the mixed load cannot split them). Afterwards stock = ledger is checked.
//   BENCH_FLEET_STEPS=50,100,200 (fleet sizes, run one after the other on the same two processes)
//   BENCH_FLEET_SECONDS=60 (per size; shorter for a try)
//   BENCH_FLEET_CPU_PROFILE=<dir>: each server writes a CPU profile there when it stops (diagnosis, not figures)
//   BENCH_FLEET_HEAP_SNAPSHOTS=<dir>: each server writes a heap snapshot there at the start and end of each size
// Each server writes a line a second (server/ops/runtimeStats.ts): its event-loop delay, GC pauses and memory are
// printed from those lines; the bench's own event-loop delay is printed too (it shares the cores). Memory is
// judged on the heap still live after a full collection, asked for before each size's clock starts and after its
// load stops (outside the measured time): RSS and the heap in use grow until V8 first collects fully, which on
// a server of a few hundred MB can take over a minute, so they alone cannot tell a leak from garbage not yet
// collected. The servers run as `node --expose-gc --import tsx server/main.ts` for it (one process each).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { changesResponseSchema, pushResponseSchema, syncHeaders } from '../domain/sync/wire';
import { generateLargeData } from '../server/demo/largeData';
import { loadSchema } from '../server/db/schema';
import { checkStock } from '../test/chaos/chaosChecks';
import { benchApiApp } from './support/benchApiApp';
import {
  benchSelected,
  dropDatabase,
  ensureDatabase,
  openPostgresBench,
  percentile,
  postgresAdminUrl,
  runs,
  verdict,
} from './support/benchDatabases';
import {
  loopSummary,
  readLiveHeaps,
  readRuntimeSeconds,
  secondAt,
  secondsBetween,
} from './support/runtimeSeconds';
import {
  cpuSecondsOfCommands,
  groupCpuSeconds,
  groupRssMb,
  repoRoot,
  ServerProcess,
} from './support/serverProcesses';

const steps = (process.env.BENCH_FLEET_STEPS ?? '50,100,200')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const seconds = Number(process.env.BENCH_FLEET_SECONDS ?? 60);
const pullEveryMs = 1_000;
const receiptEveryMs = 20_000;
/** A request unanswered this long counts as an error (a server that stopped answering must not hang the bench). */
const requestTimeoutMs = 60_000;
const databaseName = 'aisle_bench_fleetload';
const jwtSecret = 'bench-fleet-load-secret-bench-fleet-load-secret';
const targets = { acceptedShare: 0.95, pullP99Ms: 500, pushP99Ms: 1_000, errors: 0, memoryGrowth: 0.1 };
const cpuProfileDir = process.env.BENCH_FLEET_CPU_PROFILE;
const heapSnapshotDir = process.env.BENCH_FLEET_HEAP_SNAPSHOTS;

const load = (): string =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (v: number) => `${v.toFixed(0)} ms`;
const triple = (values: readonly number[]) =>
  `p50 ${ms(percentile(values, 50))} / p95 ${ms(percentile(values, 95))} / p99 ${ms(percentile(values, 99))}`;

/** CPU seconds of PostgreSQL's backends serving the bench database, by process (`ps`: they are named after it). */
const postgresCpu = (): number => cpuSecondsOfCommands(new RegExp(`^postgres: .* ${databaseName} `));

interface StepResult {
  offered: number;
  /** Receipts accepted in the end (the stragglers of the last seconds included). */
  accepted: number;
  /** Receipts accepted before the measured time was over: what the fleet's rate is judged on. */
  acceptedInTime: number;
  pulls: number[];
  pushes: number[];
  /** The same requests timed from when the terminal meant to send them (its timer may fire late). */
  pullsScheduled: number[];
  pushesScheduled: number[];
  errors: Map<string, number>;
  intents: number;
}

const main = async () => {
  if (!benchSelected('fleetLoad') || !runs('postgres')) {
    console.log('skipped: BENCH_ONLY names other benches or PGlite only (this bench runs on PostgreSQL)');
    return;
  }
  const admin = postgresAdminUrl();
  if ('skipped' in admin) {
    console.log(`[postgres] skipped: ${admin.skipped}`);
    return;
  }
  // A fresh database each run: stock, ledger and feed start empty, so the figures compare between runs.
  await dropDatabase(admin.url, databaseName);
  const url = await ensureDatabase(admin.url, databaseName);
  const bench = await openPostgresBench(url);
  const data = await generateLargeData(bench.database.db, await loadSchema(), {
    accountName: 'Bench fleet load',
    products: 20,
    locations: 10,
    stock: 20,
    batchSize: 1000,
    username: 'bench-fleet-load',
    replace: true,
  });
  // One shared terminal account for the whole fleet (one scope, as a warehouse's handhelds often are).
  const { app, headers } = await benchApiApp(bench, data.userId, jwtSecret);
  await app.close();
  const [location] = await bench.raw.query(
    'select location_id as id from stock where client_account_id = $1 order by location_id limit 1',
    [data.accountId],
  );
  const products = await bench.raw.query(
    'select id from product where client_account_id = $1 order by id limit 3',
    [data.accountId],
  );
  if (!location || products.length < 3) throw new Error('no bench location or products');
  const [maxConnections] = await bench.raw.query('show max_connections');

  const nodeOptions = [
    '--expose-gc',
    ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfileDir)}`] : []),
  ];
  for (const dir of [cpuProfileDir, heapSnapshotDir]) if (dir) mkdirSync(dir, { recursive: true });
  const statsFiles = ['a', 'b'].map((n) => join(repoRoot, '.tmp', `fleet-server-${n}.stats.jsonl`));
  for (const file of statsFiles) rmSync(file, { force: true });
  const servers = await Promise.all(
    ['fleet-server-a', 'fleet-server-b'].map((name, i) =>
      ServerProcess.create({
        name,
        env: {
          DATABASE_URL: url,
          JWT_SECRET: jwtSecret,
          ACCESS_TOKEN_SECONDS: '86400',
          AISLE_RUNTIME_STATS: statsFiles[i] ?? '',
          ...(heapSnapshotDir ? { AISLE_HEAP_SNAPSHOTS: resolve(heapSnapshotDir) } : {}),
        },
        nodeOptions,
      }),
    ),
  );
  /** Each server's heap live after a full collection now (MB; undefined when it did not answer within 10 s). */
  const liveHeaps = async (): Promise<(number | undefined)[]> => {
    const asked = Date.now();
    for (const s of servers) s.signalServer('SIGUSR2');
    const found = () => statsFiles.map((f) => readLiveHeaps(f).find((l) => l.at >= asked)?.live);
    for (let waited = 0; waited < 10_000 && found().some((l) => l === undefined); waited += 250)
      await sleep(250);
    return found();
  };
  const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
  generatorDelay.enable();
  try {
    await Promise.all(servers.map((s) => s.start()));
    console.log(`\n[postgres] fleet load: two server processes up; ${load()}`);
    // The fleet grows from one size to the next: the terminals of the last size stay, new ones join. A new
    // terminal starts at a caught-up terminal's cursor (the feed's history of the earlier sizes is not the load
    // measured here); the first ones make the initial sync from the start.
    const fleet: { id: string; base: string; cursor: string | undefined; mutationId: number }[] = [];
    type Device = (typeof fleet)[number];
    /**
     * The mixed load's CPU cannot be told apart between its pulls and its intents: measured apart after the last
     * size's load, on the same servers and terminals. First receipts pushed alone (10 at a time, nothing pulling):
     * CPU per intent. Then rounds of one receipt followed by every terminal pulling it (20 at a time, as after a
     * poke): CPU per pull bringing a change, the receipt's share (its intents at the rate just measured) taken out.
     * /proc counts CPU in clock ticks per process, so the PostgreSQL figure is the coarser one.
     */
    const cpuApart = async (
      devices: readonly Device[],
      push: (d: Device, scheduledAt: number) => Promise<void>,
      pull: (d: Device) => Promise<void>,
      errors: ReadonlyMap<string, number>,
    ): Promise<void> => {
      const errorsNow = () => [...errors.values()].reduce((a, b) => a + b, 0);
      const errorsBefore = errorsNow();
      const cpuNow = () => ({
        servers: servers.reduce((sum, s) => sum + (s.pgid ? groupCpuSeconds(s.pgid) : 0), 0),
        postgres: postgresCpu(),
      });
      /** One receipt pushed by `d`; answers how many intents it carried. */
      const pushCounted = async (d: Device): Promise<number> => {
        const before = d.mutationId;
        await push(d, performance.now());
        return d.mutationId - before;
      };
      const pushers = devices.slice(0, Math.min(devices.length, 100));
      let intents = 0;
      const beforePushes = cpuNow();
      for (let i = 0; i < pushers.length; i += 10)
        for (const n of await Promise.all(pushers.slice(i, i + 10).map(pushCounted))) intents += n;
      const afterPushes = cpuNow();
      const perIntent = {
        servers: (afterPushes.servers - beforePushes.servers) / intents,
        postgres: (afterPushes.postgres - beforePushes.postgres) / intents,
      };
      const rounds = 10;
      let pulls = 0;
      let roundIntents = 0;
      const beforePulls = cpuNow();
      for (let round = 0; round < rounds; round++) {
        roundIntents += await pushCounted(devices[round % devices.length] as Device);
        for (let i = 0; i < devices.length; i += 20) {
          await Promise.all(devices.slice(i, i + 20).map((d) => pull(d)));
          pulls += Math.min(20, devices.length - i);
        }
      }
      const afterPulls = cpuNow();
      const perPull = (key: 'servers' | 'postgres') =>
        (afterPulls[key] - beforePulls[key] - roundIntents * perIntent[key]) / pulls;
      const msOf = (seconds: number) => `${(seconds * 1000).toFixed(2)} ms`;
      console.log(
        `  CPU measured apart after the load (information): per intent (${intents} intents of ${pushers.length} receipts ` +
          `pushed 10 at a time) servers ${msOf(perIntent.servers)}, PostgreSQL ${msOf(perIntent.postgres)}; per pull ` +
          `bringing a change (${pulls} pulls, ${rounds} rounds of one receipt then every terminal) servers ` +
          `${msOf(perPull('servers'))}, PostgreSQL ${msOf(perPull('postgres'))}; errors ${errorsNow() - errorsBefore}`,
      );
    };
    for (const terminals of steps) {
      const joinAt = fleet[0]?.cursor;
      while (fleet.length < terminals)
        fleet.push({
          id: `bench-fleet-${fleet.length + 1}-${randomUUID().slice(0, 4)}`,
          base: servers[fleet.length % servers.length]?.baseUrl ?? '',
          cursor: joinAt,
          mutationId: 0,
        });
      const devices = fleet.slice(0, terminals);
      const errors = new Map<string, number>();
      const error = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
      const pullOnce = async (
        d: (typeof devices)[number],
        sample?: { sent: number[]; scheduled: number[]; at: number },
      ) => {
        for (let pageNo = 0; ; pageNo++) {
          const started = performance.now();
          const query = d.cursor ? `?since=${encodeURIComponent(d.cursor)}` : '';
          try {
            const res = await fetch(`${d.base}/api/sync/changes${query}`, {
              headers: { ...headers, [syncHeaders.deviceId]: d.id },
              signal: AbortSignal.timeout(requestTimeoutMs),
            });
            const body = await res.json();
            if (sample) {
              const now = performance.now();
              sample.sent.push(now - started);
              // A further page is asked for at once: the terminal meant to send it when the last one came.
              sample.scheduled.push(now - (pageNo === 0 ? sample.at : started));
            }
            if (res.status !== 200) {
              error(`pull ${res.status}`);
              return;
            }
            const page = changesResponseSchema.parse(body);
            d.cursor = page.cursor;
            if (!page.hasMore) return;
          } catch (e) {
            error(`pull ${e instanceof Error ? e.message : String(e)}`);
            return;
          }
        }
      };
      // Every terminal signs on and catches up before the clock starts (the initial sync is not the load).
      for (let i = 0; i < devices.length; i += 20)
        await Promise.all(devices.slice(i, i + 20).map((d) => pullOnce(d)));

      const liveStart = await liveHeaps();
      const rssStart = servers.map((s) => (s.pgid ? groupRssMb(s.pgid) : 0));
      const cpuStart = {
        generator: process.cpuUsage(),
        servers: servers.map((s) => (s.pgid ? groupCpuSeconds(s.pgid) : 0)),
        postgres: postgresCpu(),
      };
      let connections = 0;
      const result: StepResult = {
        offered: 0,
        accepted: 0,
        acceptedInTime: 0,
        pulls: [],
        pushes: [],
        pullsScheduled: [],
        pushesScheduled: [],
        errors,
        intents: 0,
      };
      const startedAt = Date.now();
      const end = startedAt + seconds * 1000;
      generatorDelay.reset();
      const sampler = (async () => {
        while (Date.now() < end) {
          const [row] = await bench.raw.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [databaseName],
          );
          connections = Math.max(connections, Number(row?.n ?? 0));
          await sleep(1_000);
        }
      })();
      const receipt = (d: (typeof devices)[number]) => {
        const id = randomUUID();
        const call = (path: string, body?: unknown) => ({
          idempotencyKey: randomUUID(),
          deviceId: d.id,
          mutationId: ++d.mutationId,
          method: 'POST' as const,
          path,
          ...(body === undefined ? {} : { body }),
        });
        return [
          call('/api/WmsDocument', {
            id,
            typeCode: 'DIN',
            documentNumber: '',
            destinationLocationId: location.id,
            positions: [],
          }),
          ...products.map((p, n) =>
            call('/api/WmsDocumentPosition', {
              id: randomUUID(),
              documentId: id,
              productId: p.id,
              quantity: n + 1,
              // Some generated products track expiry; a date far ahead suits every one.
              expDate: '2099-12-31',
            }),
          ),
          call(`/api/WmsDocument/${id}/confirm`),
        ];
      };
      /** `scheduledAt`: when the terminal meant to push (performance.now() time). */
      const pushOnce = async (d: (typeof devices)[number], scheduledAt: number) => {
        const mutations = receipt(d);
        const started = performance.now();
        try {
          const res = await fetch(`${d.base}/api/sync/push`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', [syncHeaders.deviceId]: d.id },
            body: JSON.stringify({ version: 1, mutations }),
            signal: AbortSignal.timeout(requestTimeoutMs),
          });
          const body = await res.json();
          const answered = performance.now();
          result.pushes.push(answered - started);
          result.pushesScheduled.push(answered - scheduledAt);
          if (res.status !== 200) {
            error(`push ${res.status}`);
            return;
          }
          const { results } = pushResponseSchema.parse(body);
          result.intents += results.length;
          const refused = results.find((r) => r.status >= 300);
          if (refused || results.length !== mutations.length) {
            error(`push call ${refused?.status ?? 'missing'}`);
            return;
          }
          result.accepted++;
          if (Date.now() <= end) result.acceptedInTime++;
        } catch (e) {
          error(`push ${e instanceof Error ? e.message : String(e)}`);
        }
      };
      const terminal = async (d: (typeof devices)[number], index: number) => {
        // Receipts spread evenly over the 20 s, pulls over the second: the offered rate is steady.
        const pushes = (async () => {
          let next = startedAt + (index / devices.length) * receiptEveryMs;
          while (next < end) {
            await sleep(Math.max(0, next - Date.now()));
            result.offered++;
            await pushOnce(d, performance.now() - (Date.now() - next));
            next += receiptEveryMs;
          }
        })();
        let next = startedAt + ((index * 7) % 1000);
        while (next < end) {
          await sleep(Math.max(0, next - Date.now()));
          await pullOnce(d, {
            sent: result.pulls,
            scheduled: result.pullsScheduled,
            at: performance.now() - (Date.now() - next),
          });
          next = Math.max(next + pullEveryMs, Date.now());
        }
        await pushes;
      };
      await Promise.all(devices.map(terminal));
      const endedAt = Date.now();
      const wall = (endedAt - startedAt) / 1000;
      await sampler;
      const cpu = {
        generator: (() => {
          const u = process.cpuUsage(cpuStart.generator);
          return (u.user + u.system) / 1e6;
        })(),
        servers: servers.map((s, i) => (s.pgid ? groupCpuSeconds(s.pgid) : 0) - (cpuStart.servers[i] ?? 0)),
        postgres: postgresCpu() - cpuStart.postgres,
      };
      const rssEnd = servers.map((s) => (s.pgid ? groupRssMb(s.pgid) : 0));
      const liveEnd = await liveHeaps();

      const offeredRate = result.offered / seconds;
      const acceptedRate = result.acceptedInTime / seconds;
      const share = result.offered ? result.acceptedInTime / result.offered : 0;
      const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
      const memoryFlat = liveStart.every(
        (s, i) =>
          s !== undefined && (liveEnd[i] ?? Number.POSITIVE_INFINITY) <= s * (1 + targets.memoryGrowth),
      );
      const serverCpu = cpu.servers.reduce((a, b) => a + b, 0);
      const requests = result.pulls.length + result.intents;
      console.log(
        `\n[postgres] fleet: ${terminals} terminals for ${seconds} s (${wall.toFixed(1)} s wall); ${load()}`,
      );
      console.log(
        `  receipts accepted ${acceptedRate.toFixed(2)}/s of ${offeredRate.toFixed(2)}/s offered (${result.acceptedInTime} of ${result.offered} ` +
          `within the ${seconds} s, ${(share * 100).toFixed(1)} %; ${result.accepted} in the end) ` +
          `(target ≥ ${targets.acceptedShare * 100} %) ${verdict(share >= targets.acceptedShare)}`,
      );
      console.log(
        `  pull ${triple(result.pulls)} over ${result.pulls.length} pulls (target p99 ≤ ${targets.pullP99Ms} ms) ` +
          verdict(percentile(result.pulls, 99) <= targets.pullP99Ms),
      );
      console.log(
        `  push ${triple(result.pushes)} over ${result.pushes.length} receipts (target p99 ≤ ${targets.pushP99Ms} ms) ` +
          verdict(percentile(result.pushes, 99) <= targets.pushP99Ms),
      );
      console.log(
        `  (both timed from the request's send; from the time the terminal meant to send it, which adds the load ` +
          `generator's own lateness: pull ${triple(result.pullsScheduled)}, push ${triple(result.pushesScheduled)})`,
      );
      console.log(
        `  errors ${errorCount}${errorCount ? ` (${[...errors].map(([k, n]) => `${k} ×${n}`).join(', ')})` : ''} (target 0) ${verdict(errorCount === 0)}`,
      );
      console.log(
        `  server memory, heap live after a full collection before and after the load: ` +
          `${servers.map((_, i) => `${'ab'[i]} ${liveStart[i]?.toFixed(0) ?? '?'} → ${liveEnd[i]?.toFixed(0) ?? '?'} MB`).join(', ')} ` +
          `(target flat: growth ≤ ${targets.memoryGrowth * 100} %) ${verdict(memoryFlat)}; RSS ` +
          `${servers.map((_, i) => `${'ab'[i]} ${rssStart[i]?.toFixed(0)} → ${rssEnd[i]?.toFixed(0)} MB`).join(', ')} (information)`,
      );
      const third = (endedAt - startedAt) / 3;
      servers.forEach((_, i) => {
        const all = readRuntimeSeconds(statsFiles[i] ?? '');
        const loop = loopSummary(secondsBetween(all, startedAt, endedAt));
        const points = [0, 1, 2, 3].map((k) => secondAt(all, startedAt + k * third));
        const at = (pick: (p: NonNullable<(typeof points)[number]>) => number) =>
          points.map((p) => (p ? pick(p).toFixed(0) : '?')).join(' → ');
        const fullGcs = secondsBetween(all, startedAt, endedAt).flatMap((s) =>
          s.afterFullGc === undefined
            ? []
            : [`${((s.at - startedAt) / 1000).toFixed(0)} s: ${s.afterFullGc.toFixed(0)}`],
        );
        console.log(
          `  server ${'ab'[i]}: event-loop delay p50 ${ms(loop.delayP50)} / p99 ${ms(loop.delayP99)} / max ` +
            `${ms(loop.maxDelay)}, loop busy ${(loop.utilization * 100).toFixed(0)} %, GC ${loop.gcMsPerSecond.toFixed(0)} ms/s ` +
            `(longest pause ${ms(loop.gcMaxMs)}); memory at start, 1/3, 2/3, end (MB): RSS ${at((p) => p.rss)}, ` +
            `heap used ${at((p) => p.heapUsed)}, heap total ${at((p) => p.heapTotal)}, external ${at((p) => p.external)} ` +
            `(array buffers ${at((p) => p.arrayBuffers)}); heap after each full collection V8 made itself (MB): ` +
            `${fullGcs.join(', ') || 'none in the measured time'}`,
        );
      });
      console.log(
        `  load generator: event-loop delay p50 ${ms(generatorDelay.percentile(50) / 1e6)} / p99 ` +
          `${ms(generatorDelay.percentile(99) / 1e6)} / max ${ms(generatorDelay.max / 1e6)} (a late generator adds ` +
          `to every latency it measures)`,
      );
      console.log(
        `  PostgreSQL connections to the database: at most ${connections} (max_connections ${String(maxConnections?.max_connections)})`,
      );
      console.log(
        `  CPU s: load generator ${cpu.generator.toFixed(1)}, server a ${cpu.servers[0]?.toFixed(1)}, server b ${cpu.servers[1]?.toFixed(1)}, ` +
          `PostgreSQL ${cpu.postgres.toFixed(1)} (of ${(wall * availableParallelism()).toFixed(0)} core-seconds)`,
      );
      console.log(
        `  CPU per request (${result.pulls.length} pulls + ${result.intents} intents): servers ${((serverCpu * 1000) / requests).toFixed(2)} ms, ` +
          `PostgreSQL ${((cpu.postgres * 1000) / requests).toFixed(2)} ms (information)`,
      );
      if (terminals === steps.at(-1)) await cpuApart(devices, pushOnce, pullOnce, errors);
    }
    const stock = await checkStock(
      {
        query: async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => ({
          rows: (await bench.raw.query(text, params)) as R[],
        }),
      },
      data.accountId,
    );
    console.log(
      `\n[postgres] after the fleet: stock = ledger over ${stock.stockKeys} stock keys: ${stock.violations.length} differences (target 0) ${verdict(stock.violations.length === 0)}`,
    );
    for (const v of stock.violations.slice(0, 10)) console.log(`  ${v.check}: ${v.detail}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await bench.close();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
