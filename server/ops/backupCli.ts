import { resolve } from 'node:path';
import { backup, type DataLocation, defaultBackupFile, restore } from './backup';

/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE`: the database of DATABASE_URL (pg_dump / pg_restore
 * on PATH) or the PGlite database in DATA_DIR (default ./data). See README "Running in production".
 */
const main = async () => {
  const [command, file] = process.argv.slice(2);
  const where: DataLocation = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: resolve(process.env.DATA_DIR ?? './data'),
  };
  const what = where.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${where.dataDir}`;
  if (command === 'backup') {
    const target = resolve(file ?? defaultBackupFile(where));
    console.log(`Backing up ${what} to ${target} …`);
    await backup(where, target);
    console.log(`Backup written: ${target}`);
    return;
  }
  if (command === 'restore' && file) {
    console.log(`Restoring ${resolve(file)} into ${what} …`);
    await restore(where, resolve(file));
    console.log('Restored. Start the server: it brings the schema up to date if the backup is older.');
    return;
  }
  console.error('usage: npm run backup [-- FILE]  |  npm run restore -- FILE');
  process.exitCode = 2;
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
