import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TokenData } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import type { Row } from '../resources/rows';
import { authForms } from './authForms';
import { createGoogleTokenVerifier } from './googleToken';
import { hashPassword, verifyPassword } from './password';
import { RefreshTokens } from './refreshTokens';
import { tokenDataFor } from './tokenData';
import { userTable } from './userTable';

/** How stale a user's last login may get before a sign-in writes it again (once a minute at most). */
export const lastLoginEveryMs = 60_000;

/** A hash that never matches, verified for unknown user names so that they take as long as known ones. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
};

/**
 * Sign-in (docs/api.md, "Signing in"): POST /api/Auth with user name and password, GET /api/Auth with
 * the refresh token as bearer (rotation), GET /api/Auth/GoogleToken/{idToken}.
 */
export const registerAuthRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const { table: users, col } = userTable(ctx.schema);
  const refreshTokens = new RefreshTokens(ctx);
  const limiter = ctx.rateLimiter;
  const verifyGoogleToken = createGoogleTokenVerifier(ctx.config);

  /**
   * Blocked and not yet activated users are refused; others get a new session. Nothing here holds the user's row
   * across slow work: the password was checked before, the refresh token is stored without touching the user's
   * row, and the last login is one short statement of its own, written only when the stored one is older than
   * `lastLoginEveryMs` (a shift signing in on many devices of one shared user writes it once, not once per device).
   */
  const startSession = async (user: Row): Promise<TokenData> => {
    if (user.isBlocked === true) throw new AppError('accountBlocked');
    if (user.isActivated !== true) throw new AppError('accountNotActivated');
    const now = ctx.clock.now();
    const refresh = await refreshTokens.issue(ctx.db, user);
    await noteLastLogin(user, now);
    return tokenDataFor(ctx.config, user, refresh, now);
  };

  /** Writes the user's last login unless it was written within lastLoginEveryMs (by the row read, and again by the statement). */
  const noteLastLogin = async (user: Row, now: number): Promise<void> => {
    const cutoff = new Date(now - lastLoginEveryMs);
    const last = user.lastLogin;
    if (last instanceof Date && last.getTime() > cutoff.getTime()) return;
    // Signed in on another device meanwhile: that one wrote it (the condition is judged again after its commit).
    await ctx.db
      .update(users)
      .set({ lastLogin: new Date(now) })
      .where(and(eq(col('id'), String(user.id)), or(isNull(col('lastLogin')), lt(col('lastLogin'), cutoff))));
  };

  app.post('/api/Auth', async (request) => {
    const { username, password } = authForms.signIn(request.body);
    // Every attempt takes a slot of its address and its user name before the password is checked (so that
    // concurrent guesses cannot outrun the count); a successful one gives them back.
    const hits = await limiter.assert('signIn', request.ip, username);
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(col('username'), username))
      .limit(1);
    const passwordHash = typeof user?.passwordHash === 'string' ? user.passwordHash : await decoy();
    const ok = (await verifyPassword(passwordHash, password)) && user !== undefined;
    if (!ok || !user) throw new AppError('wrongUserOrPassword');
    // Only failed attempts count: the user name starts afresh, the address gets its slot back.
    await limiter.clearTarget('signIn', username);
    for (const hit of hits) if (hit.bucket.endsWith(':address')) await limiter.release(hit);
    return startSession(user);
  });

  app.get('/api/Auth', async (request) => {
    // The bearer here is a refresh token, not an access token (request.auth stays empty).
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const rotated = await refreshTokens.rotate(presented);
    if (!rotated) throw new AppError('sessionExpired');
    return tokenDataFor(ctx.config, rotated.user, rotated.refresh, ctx.clock.now());
  });

  // The sign-in screen shows Google's button (and loads Google's script) only when a client id is configured.
  app.get('/api/Auth/GoogleClientId', async () => ({ clientId: ctx.config.googleClientId ?? null }));

  app.get<{ Params: { token: string } }>('/api/Auth/GoogleToken/:token', async (request) => {
    await limiter.assert('googleSignIn', request.ip);
    const email = await verifyGoogleToken(request.params.token);
    await limiter.assert('googleSignIn', undefined, email);
    const found = await ctx.db
      .select()
      .from(users)
      .where(eq(col('email'), email))
      .limit(2);
    // One e-mail may belong to users of several companies: then it does not say who signs in.
    const [user] = found;
    if (!user || found.length > 1) throw new AppError('googleSignInFailed');
    return startSession(user);
  });
};
