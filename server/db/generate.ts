import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { loadSchema } from './schema';

/**
 * `npm run db:generate [name]`: diffs the schema built from the resource definitions against the
 * last snapshot and writes a new migration in drizzle's folder format (SQL + journal + snapshot),
 * so that adding a resource needs no hand-written table.
 */
const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const metaDir = join(folder, 'meta');
const journalPath = join(metaDir, '_journal.json');

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const main = async () => {
  mkdirSync(metaDir, { recursive: true });
  const journal: Journal = existsSync(journalPath)
    ? JSON.parse(readFileSync(journalPath, 'utf8'))
    : { version: '7', dialect: 'postgresql', entries: [] };
  const last = journal.entries.at(-1);
  const prev: DrizzleSnapshotJSON = last
    ? JSON.parse(readFileSync(join(metaDir, `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'))
    : generateDrizzleJson({});
  const { all } = await loadSchema();
  const cur = generateDrizzleJson(all, prev.id);
  const statements = await generateMigration(prev, cur);
  if (statements.length === 0) {
    console.log('No schema changes.');
    return;
  }
  const idx = journal.entries.length;
  const name = (process.argv[2] ?? 'change').replace(/[^a-z0-9_]/gi, '_');
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  writeFileSync(join(folder, `${tag}.sql`), `${statements.join('\n--> statement-breakpoint\n')}\n`);
  writeFileSync(
    join(metaDir, `${String(idx).padStart(4, '0')}_snapshot.json`),
    `${JSON.stringify(cur, null, 2)}\n`,
  );
  journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
  console.log(`Wrote migration ${tag} (${statements.length} statements).`);
};

await main();
