import { migratedTemplate } from './pgDatabase';
import { migratedPgliteDump } from './pgliteTemplate';

/**
 * The server project's global set-up: the migrated database that test databases start from exists before the first
 * test file needs it (a PGlite dump, or a template database on the DATABASE_URL server).
 */
export const setup = async (): Promise<void> => {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) await migratedTemplate(adminUrl);
  else await migratedPgliteDump();
};
