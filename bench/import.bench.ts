// npm run bench: import of 100,000 product rows from a CSV file through the products template (streamed, in
// batches, all or nothing), next to a plain batch insert of the same rows (multi-row INSERT, 500 rows a
// statement, one transaction: no COPY). Prints rows/s of each and the import's peak memory above the heap it
// started with, on PGlite and PostgreSQL.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../server/app';
import { demoScope } from '../server/demo/demoScope';
import { openRows } from '../server/import/fileSource';
import { prepareImport, runImport } from '../server/import/importRunner';
import { loadImportTemplates } from '../server/import/templateRegistry';
import { anAccount, aPowerUser } from '../test/support/builders';
import {
  benchSelected,
  dropDatabase,
  ensureDatabase,
  postgresAdminUrl,
  runs,
  verdict,
} from './support/benchDatabases';

const rowCount = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** The import may hold one batch, never the file: its peak heap growth stays under this whatever the rows. */
const peakTargetMb = 200;
/** Retained heap may grow this much between the first and last checkpoint (the keys seen, for duplicates). */
const flatTargetMb = 40;
/** Rows/s of the import against the plain insert of the same rows (validation, groups, barcodes, log cost). */
const targetShare = 0.2;

/** Writes the CSV (header in English) without holding it in memory. */
const writeCsv = async (path: string, prefix: string): Promise<number> => {
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('Index,Name,Product group,Barcodes,Weight,Warning stock\r\n');
  for (let i = 0; i < rowCount; i++)
    await write(
      `${prefix}-${i},Bench product ${i},Group ${i % 50},${prefix}${i},${(i % 97) / 10},${i % 20}\r\n`,
    );
  out.end();
  await once(out, 'finish');
  return rowCount;
};

// A full collection on demand (the retained heap, not the garbage V8 has not collected yet).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Heap still in use after a full collection, in MB. */
const retainedMb = (): number => {
  collect();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** Peak of heap used while `work` runs, sampled every 20 ms, above the heap when it started. */
const peakHeap = async <T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> => {
  collect();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, peakMb: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
};

const benchOne = async (kind: 'pglite' | 'postgres', databaseUrl: string | undefined) => {
  const app = await buildApp({
    config: {
      databaseUrl,
      dataDir: undefined,
      jwtSecret: 'bench-secret-bench-secret-bench-secret',
      webDir: undefined,
      demo: false,
      publicUrl: 'http://aisle.bench',
      smtpUrl: undefined,
    },
  });
  const dir = await mkdtemp(join(tmpdir(), 'aisle-import-bench-'));
  try {
    const ctx = app.ctx;
    const accountId = await anAccount(ctx, 'Import bench');
    const user = await aPowerUser(ctx, accountId);
    const scope = demoScope(user.row);
    const template = (await loadImportTemplates()).find((t) => t.key === 'products');
    if (!template) throw new Error('no products template');

    const path = join(dir, 'products.csv');
    await writeCsv(path, 'IMP');
    const fileMb = (await stat(path)).size / 1024 / 1024;
    const file = { path, size: 0, fileName: 'products.csv', dispose: async () => undefined };
    // Retained heap every 20 batches (10,000 rows): flat when the import holds one batch, not the file.
    const retained: number[] = [];
    let batches = 0;
    const baseRetained = retainedMb();
    const started = performance.now();
    const { result, peakMb } = await peakHeap(async () => {
      const prepared = await prepareImport(template, await openRows(file), 'en-us');
      return runImport({
        ctx,
        scope,
        template,
        prepared,
        mode: 'allOrNothing',
        onProgress: () => {
          batches += 1;
          if (batches % 20 === 0) retained.push(retainedMb() - baseRetained);
        },
        cancelled: () => false,
      });
    });
    const importSeconds = (performance.now() - started) / 1000;
    if (!result.kept || result.rowsImported !== rowCount)
      throw new Error(`import kept ${result.rowsImported} of ${rowCount} (${result.problemCount} problems)`);

    // The baseline: the same rows as plain multi-row inserts (no validation, groups, barcodes or log).
    const products = ctx.schema.resourceTables.product;
    if (!products) throw new Error('no product table');
    const plainStarted = performance.now();
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < rowCount; i += 500) {
        const values = [];
        for (let k = i; k < Math.min(rowCount, i + 500); k++)
          values.push({
            clientAccountId: accountId,
            index: `PLAIN-${k}`,
            name: `Bench product ${k}`,
            barcodes: [`PLAIN${k}`],
            weight: String((k % 97) / 10),
            warningStock: String(k % 20),
          });
        await tx.insert(products).values(values);
      }
    });
    const plainSeconds = (performance.now() - plainStarted) / 1000;
    const importRate = rowCount / importSeconds;
    const plainRate = rowCount / plainSeconds;
    console.log(`[import ${kind}] ${rowCount} product rows from CSV`);
    console.log(
      `  import (streamed, batches of 500, all or nothing): ${importRate.toFixed(0)} rows/s (${importSeconds.toFixed(1)} s)`,
    );
    console.log(
      `  plain batch insert of the same rows: ${plainRate.toFixed(0)} rows/s (${plainSeconds.toFixed(1)} s)`,
    );
    console.log(
      `  import / plain: ${(importRate / plainRate).toFixed(2)} (target >= ${targetShare}) ${verdict(importRate / plainRate >= targetShare)}`,
    );
    console.log(
      `  peak heap growth during the import: ${peakMb.toFixed(1)} MB (target < ${peakTargetMb} MB; the file: ${fileMb.toFixed(1)} MB) ${verdict(peakMb < peakTargetMb)}`,
    );
    const growth = retained.length > 1 ? (retained.at(-1) ?? 0) - (retained[0] ?? 0) : 0;
    console.log(
      `  retained heap after a full GC every 10,000 rows: ${retained.map((r) => r.toFixed(0)).join(', ')} MB above the start; first to last ${growth.toFixed(1)} MB (target < ${flatTargetMb} MB) ${verdict(growth < flatTargetMb)}`,
    );
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
};

if (benchSelected('import')) {
  if (runs('pglite')) await benchOne('pglite', undefined);
  if (runs('postgres')) {
    const admin = postgresAdminUrl();
    if ('skipped' in admin) console.log(`[import postgres] skipped: ${admin.skipped}`);
    else {
      const name = 'aisle_bench_import';
      await dropDatabase(admin.url, name);
      const url = await ensureDatabase(admin.url, name);
      try {
        await benchOne('postgres', url);
      } finally {
        await dropDatabase(admin.url, name);
      }
    }
  }
}
