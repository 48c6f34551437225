// Large data sets for benchmarks, e.g.
//   tsx server/demo/generateLargeData.ts --products 20000 --locations 10000 --stock 1000000
// into PostgreSQL (DATABASE_URL) or PGlite (DATA_DIR, default ./data); a new account per run.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { loadSchema } from '../db/schema';
import { generateLargeData } from './largeData';

const usage = `Usage: npm run generate -- [options]   (tsx server/demo/generateLargeData.ts)
  --account <name>     account to create (default "Bench Logistics")
  --products <n>       products (default 20000)
  --locations <n>      stock-holding bins (default 10000)
  --stock <n>          stock rows, each with its receipt position and ledger row (default 100000)
  --batch <n>          stock rows per transaction (default 50000, a multiple of 1000)
  --replace            delete an existing account of that name first
  --user <name>        user name of the account's super user (default <account>-admin)
  --password <text>    its password (default bench1234)
Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).`;

const main = async () => {
  const { values } = parseArgs({
    options: {
      account: { type: 'string', default: 'Bench Logistics' },
      products: { type: 'string', default: '20000' },
      locations: { type: 'string', default: '10000' },
      stock: { type: 'string', default: '100000' },
      batch: { type: 'string', default: '50000' },
      replace: { type: 'boolean', default: false },
      user: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const count = (name: string, text: string) => {
    const n = Number(text.replace(/[_,]/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number\n\n${usage}`);
    return n;
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  console.log(`database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const result = await generateLargeData(database.db, await loadSchema(), {
      accountName: values.account,
      products: count('products', values.products),
      locations: count('locations', values.locations),
      stock: count('stock', values.stock),
      batchSize: count('batch', values.batch),
      replace: values.replace,
      ...(values.user ? { username: values.user } : {}),
      ...(values.password ? { password: values.password } : {}),
      log: (line) => console.log(line),
    });
    console.log(
      `generated ${result.products} products, ${result.locations} locations, ${result.stockRows} stock rows in ` +
        `${result.documents} receipt documents (${result.seconds} s); sign in as ${result.username}`,
    );
  } finally {
    await database.close();
  }
};

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
