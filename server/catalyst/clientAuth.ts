import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { hashPassword, verifyPassword } from '../auth/password';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rawRows';
import { catalystClientDevice } from './catalystTables';
import type { UsageCounter } from './usage';

/**
 * Client accounts of the catalyst mobile app sign in here, not through /api/Auth: their access tokens are
 * signed with a key derived from the server's secret for this purpose and carry another audience, so the
 * staff API never accepts them (its bearer check fails and the call is a 401), and staff tokens are never
 * accepted here. Each token is bound to one device of the account; docs/decisions.md explains the rest.
 */
export interface ClientClaims {
  readonly sub: string;
  readonly acc: string;
  /** The device the token was issued to; every call names it in X-Device-Id. */
  readonly dev: string;
  readonly exp: number;
}

const audience = 'aisle-catalyst-client';
const claimsSchema = z.object({ sub: z.uuid(), acc: z.uuid(), dev: z.string(), exp: z.number() });
const devicePattern = /^[A-Za-z0-9._:-]{1,200}$/;

const keyOf = (secret: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', secret).update('aisle catalyst client tokens').digest());

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const signClientToken = async (
  claims: Omit<ClientClaims, 'exp'>,
  secret: string,
  seconds: number,
): Promise<{ token: string; exp: number }> => {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const token = await new SignJWT({ acc: claims.acc, dev: claims.dev })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .setAudience(audience)
    .sign(keyOf(secret));
  return { token, exp };
};

/** Tokens verified lately (a page of calls checks the same one again and again), bounded. */
const verified = new Map<string, ClientClaims>();

export const verifyClientToken = async (token: string, secret: string): Promise<ClientClaims | undefined> => {
  const known = verified.get(token);
  if (known) {
    if (known.exp * 1000 > Date.now()) return known;
    verified.delete(token);
    return undefined;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience, algorithms: ['HS256'] });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return undefined;
    if (verified.size >= 2000) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, parsed.data);
    return parsed.data;
  } catch {
    return undefined;
  }
};

const bearerOf = (request: FastifyRequest): string => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/** The device id a call names (X-Device-Id); 400 without a valid one. */
export const deviceIdOf = (request: FastifyRequest): string => {
  const given = request.headers['x-device-id'];
  const id = Array.isArray(given) ? given[0] : given;
  if (typeof id !== 'string' || !devicePattern.test(id)) throw new AppError('deviceIdRequired');
  return id;
};

/**
 * The client claims of a call: a valid client token (401 otherwise) whose device is the one the call names.
 * Whether the device is still registered is checked with the call's data (pricingSnapshot's `deviceOk`).
 */
export const clientClaimsOf = async (request: FastifyRequest, ctx: AppContext): Promise<ClientClaims> => {
  const token = bearerOf(request);
  const claims = token ? await verifyClientToken(token, ctx.config.jwtSecret) : undefined;
  if (!claims) throw new AppError('unauthorized');
  if (deviceIdOf(request) !== claims.dev) throw new AppError('deviceNotRegistered');
  return claims;
};

export const signInSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(128),
  deviceName: z.string().trim().max(200).optional(),
});

export interface ClientTokenData {
  readonly token: string;
  readonly refreshToken: string;
  readonly expiresAt: number;
  readonly refreshExpiresAt: number;
  readonly clientUserId: string;
  readonly username: string;
  readonly name: string | null;
  readonly language: string | null;
}

/** A hash that never matches, so unknown user names take as long as known ones. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  decoyHash ??= hashPassword(`decoy-${randomBytes(8).toString('hex')}`);
  return decoyHash;
};

/**
 * POST /api/catalyst/client/auth (user name, password; X-Device-Id): signs the account in on the device.
 * A device the account already uses is signed in again; a new one counts against the group's device limit
 * (403 deviceLimitReached, its limit in `fields`). GET with the refresh token as bearer renews the tokens;
 * DELETE signs the device out and frees it.
 */
export const registerClientAuth = (app: FastifyInstance, ctx: AppContext, usage: UsageCounter): void => {
  const limiter = ctx.rateLimiter;
  const refreshDays = ctx.config.refreshTokenDays;

  const issue = async (
    user: Record<string, unknown>,
    deviceId: string,
    refreshToken: string,
  ): Promise<ClientTokenData> => {
    const { token, exp } = await signClientToken(
      { sub: String(user.id), acc: String(user.client_account_id), dev: deviceId },
      ctx.config.jwtSecret,
      ctx.config.accessTokenSeconds,
    );
    return {
      token,
      refreshToken,
      expiresAt: exp * 1000,
      refreshExpiresAt: Date.now() + refreshDays * 86_400_000,
      clientUserId: String(user.id),
      username: String(user.username),
      name: typeof user.name === 'string' ? user.name : null,
      language: typeof user.language === 'string' ? user.language : null,
    };
  };

  app.post('/api/catalyst/client/auth', async (request) => {
    const body = signInSchema.safeParse(request.body);
    if (!body.success) throw new AppError('wrongUserOrPassword');
    const deviceId = deviceIdOf(request);
    const { username, password } = body.data;
    // Counted like staff sign-in (server/auth/authRoutes.ts): every attempt takes a slot of its address and its
    // user name first; a successful one gives them back.
    const limitKey = `catalyst:${username}`;
    const hits = await limiter.assert('signIn', request.ip, limitKey);
    const [user] = rowsOf(
      await ctx.db.execute(sql`select * from catalyst_client_user where username = ${username} limit 1`),
    );
    const hash = typeof user?.password_hash === 'string' ? user.password_hash : await decoy();
    const ok = (await verifyPassword(hash, password)) && user !== undefined;
    if (!ok || !user) throw new AppError('wrongUserOrPassword');
    await limiter.clearTarget('signIn', limitKey);
    for (const hit of hits) if (hit.bucket.endsWith(':address')) await limiter.release(hit);
    if (user.is_blocked === true) throw new AppError('accountBlocked');
    const refreshToken = randomBytes(32).toString('base64url');
    const data = await ctx.db.transaction(async (tx) => {
      // The account row is locked: two devices signing in at once cannot both take the last place.
      const [locked] = rowsOf(
        await tx.execute(sql`
          select u.*, coalesce(g.devices_limit, 1) as devices_limit,
            (select count(*)::int from catalyst_client_device d where d.client_user_id = u.id) as devices,
            exists (select 1 from catalyst_client_device d where d.client_user_id = u.id and d.device_id = ${deviceId}) as known
          from catalyst_client_user u
          left join catalyst_config cfg on cfg.client_account_id = u.client_account_id
          left join catalyst_user_group g on g.id = coalesce(u.user_group_id, cfg.default_user_group_id)
          where u.id = ${String(user.id)}::uuid
          for update of u`),
      );
      if (!locked) throw new AppError('wrongUserOrPassword');
      const limit = Number(locked.devices_limit);
      if (locked.known !== true && Number(locked.devices) >= limit)
        throw new AppError('deviceLimitReached', {
          fields: [{ field: 'deviceId', rule: 'deviceLimitReached', params: { limit } }],
        });
      const values = {
        refreshTokenHash: hashToken(refreshToken),
        refreshExpiresAt: new Date(Date.now() + refreshDays * 86_400_000),
        lastSeenAt: new Date(),
        deviceName: body.data.deviceName ?? null,
      };
      await tx
        .insert(catalystClientDevice)
        .values({
          ...values,
          clientAccountId: String(locked.client_account_id),
          clientUserId: String(locked.id),
          deviceId,
        })
        .onConflictDoUpdate({
          target: [catalystClientDevice.clientUserId, catalystClientDevice.deviceId],
          set: values,
        });
      await tx.execute(
        sql`update catalyst_client_user set last_login = now() where id = ${String(locked.id)}::uuid`,
      );
      return issue(locked, deviceId, refreshToken);
    });
    usage.count(String(user.client_account_id), data.clientUserId, 'signIn');
    return data;
  });

  app.get('/api/catalyst/client/auth', async (request) => {
    const presented = bearerOf(request);
    const deviceId = deviceIdOf(request);
    if (!presented) throw new AppError('sessionExpired');
    const next = randomBytes(32).toString('base64url');
    const data = await ctx.db.transaction(async (tx) => {
      const [found] = rowsOf(
        await tx.execute(sql`
          select d.id as device_row, u.* from catalyst_client_device d
          join catalyst_client_user u on u.id = d.client_user_id
          where d.refresh_token_hash = ${hashToken(presented)} and d.device_id = ${deviceId}
            and d.refresh_expires_at > now()
          for update of d`),
      );
      if (!found || found.is_blocked === true) throw new AppError('sessionExpired');
      await tx
        .update(catalystClientDevice)
        .set({
          refreshTokenHash: hashToken(next),
          refreshExpiresAt: new Date(Date.now() + refreshDays * 86_400_000),
          lastSeenAt: new Date(),
        })
        .where(eq(catalystClientDevice.id, String(found.device_row)));
      return issue(found, deviceId, next);
    });
    return data;
  });

  app.delete('/api/catalyst/client/auth', async (request, reply) => {
    const claims = await clientClaimsOf(request, ctx);
    await ctx.db
      .delete(catalystClientDevice)
      .where(
        and(eq(catalystClientDevice.clientUserId, claims.sub), eq(catalystClientDevice.deviceId, claims.dev)),
      );
    return reply.status(204).send();
  });
};
