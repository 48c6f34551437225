import { migratedPgliteDump } from './pgliteTemplate';

/** The server project's global set-up: the migrated PGlite dump exists before the first test file opens it. */
export const setup = async (): Promise<void> => {
  // On PostgreSQL (npm run test:pg) every test database is a real one: no dump needed.
  if (!process.env.DATABASE_URL) await migratedPgliteDump();
};
