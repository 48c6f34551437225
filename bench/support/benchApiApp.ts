import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/accessToken';
import { claimsOf } from '../../server/auth/claimsOf';
import type { BenchDatabase } from './benchDatabases';

/**
 * The app on a bench's database (for `inject`) and the headers of `userId` signed in for an hour; the app is
 * closed again when the user cannot be read.
 */
export const benchApiApp = async (
  bench: BenchDatabase,
  userId: string,
  jwtSecret: string,
): Promise<{ app: FastifyInstance; headers: Record<string, string> }> => {
  const app = await buildApp({
    database: bench.database,
    config: { jwtSecret, webDir: undefined, demo: false, dataDir: undefined, databaseUrl: undefined },
  });
  try {
    const users = app.ctx.schema.resourceTables.user;
    if (!users?.id) throw new Error('no user table');
    const [user] = await app.ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error('no bench user');
    const { token } = await signAccessToken(claimsOf(user), jwtSecret, 3600);
    return { app, headers: { authorization: `Bearer ${token}` } };
  } catch (error) {
    await app.close();
    throw error;
  }
};
