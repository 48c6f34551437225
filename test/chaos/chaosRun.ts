// npm run chaos [-- --seed N --terminals N --seconds N --kills N]: simulated terminals (the real sync engine on
// replicas in memory) against TWO real server processes on one throwaway PostgreSQL database, through a proxy
// that cuts terminals off, drops requests and answers, while a server is killed with SIGKILL in the middle of
// pushes and restarted, access tokens expire every few seconds and cloned handhelds propose the same
// working-copy numbers. Then it checks the final state and prints: lost, duplicated, negative stock,
// stock ≠ ledger, replicas ≠ server. Exit 1 on any violation. docs/chaos.md says what it proves.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { type ServerProcess, ServerProcess as Servers } from '../../bench/support/serverProcesses';
import {
  anAccount,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  receiveStock,
  testPassword,
} from '../support/builders';
import { createTestDatabaseUrl } from '../support/pgDatabase';
import {
  checkStock,
  checkWork,
  countsOf,
  differences,
  snapshotOf,
  stockDifferences,
  type Violation,
} from './chaosChecks';
import { ChaosTerminal, type Warehouse } from './chaosTerminal';
import { type Backend, FaultProxy } from './faultProxy';
import { Random } from './random';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string' },
    terminals: { type: 'string' },
    seconds: { type: 'string' },
    kills: { type: 'string' },
  },
});
const env = process.env;
const numberOf = (arg: string | undefined, name: string, fallback: number): number => {
  const n = Number(arg ?? env[name] ?? fallback);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: not a number (${arg ?? env[name]})`);
  return n;
};
const seed = Math.floor(numberOf(args.seed, 'CHAOS_SEED', Math.floor(Math.random() * 2 ** 31)));
// The CI budget (≤ 45 s wall on a 2-core machine); a larger run by hand: --terminals 40 --seconds 120 --kills 4.
const terminalCount = Math.max(2, Math.floor(numberOf(args.terminals, 'CHAOS_TERMINALS', 8)));
const seconds = numberOf(args.seconds, 'CHAOS_SECONDS', 12);
const kills = Math.floor(numberOf(args.kills, 'CHAOS_KILLS', 1));
const tokenSeconds = Math.max(2, Math.floor(numberOf(undefined, 'CHAOS_TOKEN_SECONDS', 4)));
const adminUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
process.env.DATABASE_URL = adminUrl;
const jwtSecret = `chaos-${seed}-secret-secret-secret-secret`;

// Wall time since the process started (tsx compiling the imports included).
const elapsed = () => `${process.uptime().toFixed(1)} s`;
const log = (text: string) => console.log(`[${elapsed().padStart(7)}] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const main = async (): Promise<number> => {
  console.log(
    `chaos: seed ${seed} (replay: npm run chaos -- --seed ${seed} --terminals ${terminalCount} --seconds ${seconds} --kills ${kills})`,
  );
  console.log(
    `  ${terminalCount} terminals, ${seconds} s of work, ${kills} SIGKILL(s), access tokens of ${tokenSeconds} s, 2 server processes, PostgreSQL`,
  );
  const random = new Random(seed);
  const database = await createTestDatabaseUrl({ migrated: true });
  const url = database.url;
  if (!url) throw new Error('no PostgreSQL database');
  const servers: ServerProcess[] = [];
  let proxy: FaultProxy | undefined;
  const terminals: ChaosTerminal[] = [];
  let failed = true;
  try {
    // ---- Two server processes on the database (starting while the warehouse is made), behind the fault proxy ----
    for (const name of ['chaos-server-a', 'chaos-server-b'])
      servers.push(
        await Servers.create({
          name,
          env: {
            DATABASE_URL: url,
            JWT_SECRET: jwtSecret,
            ACCESS_TOKEN_SECONDS: String(tokenSeconds),
            DB_POOL_SIZE: '5',
          },
        }),
      );
    const serversUp = Promise.all(servers.map((s) => s.start()));
    // Seen when awaited below; a failure to start must not go unhandled meanwhile.
    serversUp.catch(() => undefined);
    // ---- The warehouse: one company, a user per terminal, products, locations, opening stock ----
    const seeding = await openDatabase({ databaseUrl: url });
    const app = await buildApp({
      database: seeding,
      config: { jwtSecret, webDir: undefined, demo: false, dataDir: undefined, databaseUrl: url },
    });
    const accountId = await anAccount(app.ctx, `Chaos ${seed}`);
    const users = [];
    for (let i = 0; i < terminalCount; i++) {
      const u = await aSuperUser(app.ctx, accountId, { username: `chaos-${seed}-u${i}` });
      users.push({ id: String(u.row.id), username: String(u.row.username), password: testPassword, user: u });
    }
    const products: string[] = [];
    for (let i = 0; i < 5; i++) products.push(String((await aStockProduct(app.ctx, accountId)).id));
    const locations: string[] = [];
    for (let i = 0; i < 4; i++) locations.push(String((await aStockLocation(app.ctx, accountId)).id));
    const seededDocuments = new Set<string>();
    const first = users[0]?.user;
    if (!first) throw new Error('no users');
    for (const location of locations.slice(0, 2)) {
      const doc = await receiveStock(
        app.ctx,
        first,
        location,
        products.map((productId) => ({ productId, quantity: 6 })),
      );
      seededDocuments.add(String(doc.id));
    }
    await app.close();
    await seeding.close();
    const warehouse: Warehouse = { products, locations };
    log(
      `warehouse ready on ${new URL(url).pathname.slice(1)}: ${products.length} products, ${locations.length} locations`,
    );

    await serversUp;
    const backends: Backend[] = servers.map((s, i) => ({
      name: `server ${'ab'[i]}`,
      port: s.port,
      ready: true,
    }));
    log(`2 server processes up (${servers.map((s) => s.baseUrl).join(', ')})`);
    // The proxy's stream of each terminal depends on the seed and the terminal's name only.
    const proxyStreams = new Map<string, Random>();
    proxy = new FaultProxy(backends, { dropRequest: 0.08, dropResponse: 0.08 }, (terminal) => {
      let stream = proxyStreams.get(terminal);
      if (!stream) {
        stream = new Random(seed).fork(5000 + [...terminal].reduce((h, ch) => h * 31 + ch.charCodeAt(0), 7));
        proxyStreams.set(terminal, stream);
      }
      return stream;
    });
    const proxyUrl = `http://127.0.0.1:${await proxy.listen()}`;

    // Terminals 0–3 are two "cloned" handhelds each (the same device id, different users): their working-copy
    // numbers collide and the second to arrive must renumber (406).
    for (let i = 0; i < terminalCount; i++) {
      const u = users[i];
      if (!u) continue;
      const deviceId = i < 4 ? `C${Math.floor(i / 2)}` : `T${i}`;
      terminals.push(new ChaosTerminal(`t${i}`, deviceId, u, proxyUrl, random.fork(i)));
    }
    proxy.faulty = false;
    await Promise.all(
      terminals.map(async (t) => {
        while (t.needsSignIn) await t.sync();
        await t.sync();
      }),
    );
    log(`${terminals.length} terminals signed in and synced`);

    // ---- The run ----
    proxy.faulty = true;
    const end = Date.now() + seconds * 1000;
    let offlineWindows = 0;
    let killed = 0;
    const restarts: Promise<void>[] = [];
    const runStart = Date.now();
    const killer = async () => {
      for (let k = 0; k < kills; k++) {
        // Spread over the run, the first one early so that its restart is back before the end.
        await sleep(Math.max(0, runStart + ((k + 0.15) / kills) * seconds * 1000 - Date.now()));
        if (Date.now() >= end) break;
        const target = await new Promise<Backend | undefined>((resolve) => {
          const fallback = setTimeout(() => resolve(backends.find((b) => b.ready)), 3_000);
          if (!proxy) return;
          proxy.onPush = (backend) => {
            if (!proxy) return;
            proxy.onPush = undefined;
            clearTimeout(fallback);
            // A few milliseconds in: the push is inside its transaction.
            setTimeout(() => resolve(backend), random.int(2, 25));
          };
        });
        const index = target ? backends.indexOf(target) : -1;
        const server = servers[index];
        if (!target || !server) continue;
        target.ready = false;
        await server.kill('SIGKILL');
        killed++;
        log(`SIGKILL ${target.name} in the middle of a push; restarting it`);
        const restart = server.start().then(() => {
          target.ready = true;
          log(`${target.name} back after the SIGKILL`);
        });
        restarts.push(restart);
        await restart;
      }
    };
    const drive = async (t: ChaosTerminal, index: number) => {
      const r = random.fork(1000 + index);
      // The cloned pairs start offline: both make documents with the same working-copy numbers.
      let offlineUntil = index < 4 ? Date.now() + 1500 : 0;
      if (offlineUntil) {
        proxy?.offline.add(t.name);
        offlineWindows++;
      }
      while (Date.now() < end) {
        if (offlineUntil && Date.now() >= offlineUntil) {
          offlineUntil = 0;
          proxy?.offline.delete(t.name);
        } else if (!offlineUntil && r.next() < 0.06) {
          offlineUntil = Date.now() + r.int(500, 3000);
          proxy?.offline.add(t.name);
          offlineWindows++;
        }
        await t.work(warehouse);
        if (!offlineUntil || r.next() < 0.3) await t.sync();
        await sleep(r.int(50, 400));
      }
      proxy?.offline.delete(t.name);
    };
    await Promise.all([killer(), ...terminals.map(drive)]);
    await Promise.all(restarts);
    const work = { proxy: { ...proxy.counts, byStatus: new Map(proxy.counts.byStatus) } };
    log(`work done; settling (faults off, everyone online)`);

    // ---- Settle: everyone online with a session, sync until nothing waits ----
    proxy.faulty = false;
    proxy.offline.clear();
    for (let round = 0; round < 40; round++) {
      await Promise.all(terminals.map((t) => t.sync()));
      const waiting = await Promise.all(
        terminals.map(
          async (t) => t.needsSignIn || (await t.store.read((tx) => tx.outboxCounts(t.user.id))).pending > 0,
        ),
      );
      if (!waiting.some(Boolean)) break;
    }
    await Promise.all(terminals.map((t) => t.sync()));

    // ---- Checks ----
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const violations: Violation[] = [];
    let replicasCompared = 0;
    try {
      const workVerdict = await checkWork(db, accountId, terminals, seededDocuments);
      violations.push(...workVerdict.violations);
      const stock = await checkStock(db, accountId);
      violations.push(...stock.violations);
      // Each replica against a fresh pull of its user's scope (a new device signing in as that user). The feed's
      // watermark may trail a transaction of another database on a shared server for a moment: pull again a few
      // times before calling a difference a violation (a check of the final state, not of speed).
      const references = new Map<string, ChaosTerminal>();
      for (const t of terminals) {
        const pending = (await t.store.read((tx) => tx.outboxAll())).filter((e) => e.status !== 'rejected');
        if (pending.length)
          violations.push({
            check: 'replica ≠ server',
            detail: `${t.name}: ${pending.length} entries not settled`,
          });
        let reference = references.get(t.user.id);
        if (!reference) {
          reference = new ChaosTerminal(
            `ref-${t.name}`,
            `R${t.name.slice(1)}`,
            t.user,
            proxyUrl,
            random.fork(9999),
          );
          references.set(t.user.id, reference);
        }
        let diff: string[] = [];
        for (let attempt = 0; attempt < 20; attempt++) {
          await reference.sync();
          await t.sync();
          diff = differences(snapshotOf(t.store), snapshotOf(reference.store));
          diff.push(...(await stockDifferences(db, accountId, t.store)));
          if ((await t.store.read((tx) => tx.shadowCount())) > 0) diff.push('shadow rows left');
          if (!diff.length) break;
          await sleep(250);
        }
        replicasCompared++;
        for (const d of diff.slice(0, 5))
          violations.push({ check: 'replica ≠ server', detail: `${t.name}: ${d}` });
        if (diff.length > 5)
          violations.push({
            check: 'replica ≠ server',
            detail: `${t.name}: … ${diff.length - 5} more differences`,
          });
      }
      for (const r of references.values()) r.stop();

      // ---- Report ----
      const c = countsOf({
        ...workVerdict,
        violations,
        stockKeys: stock.stockKeys,
        replicas: replicasCompared,
      });
      const sum = (f: (t: ChaosTerminal) => number) => terminals.reduce((a, t) => a + f(t), 0);
      const p = work.proxy;
      console.log('');
      console.log(
        `chaos seed ${seed}: ${terminals.length} terminals, ${seconds} s, 2 server processes on PostgreSQL`,
      );
      console.log(
        `  faults: offline windows ${offlineWindows} (requests cut ${p.offlineCut}), requests dropped before the server ${p.requestsDropped}, ` +
          `answers dropped after the server answered ${p.responsesDropped}, requests cut by a dying server ${p.serverGone}`,
      );
      console.log(
        `          SIGKILLs ${killed} of ${kills} asked (each restarted; a kill waits for the previous restart), 401 answers ${sum((t) => t.counts.answers401)} (tokens of ${tokenSeconds} s), ` +
          `token refreshes ${sum((t) => t.counts.refreshes)}, sign-ins ${sum((t) => t.counts.signIns)}, ` +
          `406 number collisions ${sum((t) => t.counts.answers406)}`,
      );
      const rejected = [...workVerdict.rejected].map(([code, n]) => `${code} ×${n}`).join(', ') || 'none';
      console.log(
        `  work: intents queued ${workVerdict.queued}, accepted ${workVerdict.accepted}, rejected by the server ${sum0(workVerdict.rejected)} (${rejected}), ` +
          `refused on the terminal ${sum((t) => t.counts.refusedLocally)}`,
      );
      const statuses = [...p.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status} ×${n}`);
      console.log(
        `  answers that reached a terminal during the work, by HTTP status: ${statuses.join(', ')}`,
      );
      console.log(
        `  stock keys ${stock.stockKeys}, replicas compared ${replicasCompared}, mutations without a stored outcome ${workVerdict.mutationsWithoutOutcome}`,
      );
      console.log(`  lost ${c.lost}`);
      console.log(`  duplicated ${c.duplicated}`);
      console.log(`  negative stock ${c.negative}`);
      console.log(`  stock ≠ ledger ${c.ledger}`);
      console.log(`  replicas ≠ server scope ${c.replicas}`);
      for (const v of violations.slice(0, 30)) console.log(`  VIOLATION ${v.check}: ${v.detail}`);
      if (violations.length > 30) console.log(`  … ${violations.length - 30} more violations`);
      failed = violations.length > 0;
      console.log(
        `chaos ${failed ? 'FAILED' : 'passed'} in ${elapsed()} wall (load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}); seed ${seed}`,
      );
    } finally {
      await db.end();
    }
    return failed ? 1 : 0;
  } finally {
    for (const t of terminals) t.stop();
    await proxy?.close();
    // The database is dropped next: nothing to shut down gracefully.
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    if (failed && env.CHAOS_KEEP_DATABASE === '1') console.log(`database kept for inspection: ${url}`);
    else await database.drop();
  }
};

const sum0 = (m: ReadonlyMap<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.error(`chaos run broke (seed ${seed})`);
    process.exit(1);
  },
);
