import type { Claims } from '../../domain/auth/claims';
import type { AppContext } from '../context';
import { knownAccessToken, verifyAccessToken } from './accessToken';

/**
 * The claims of an access token whose user may still act, else undefined (the caller answers 401 and the client
 * tries to renew, which a blocked or reset user cannot). Every way in uses it: the bearer header, the query
 * token of <img> and EventSource, and the live connection.
 */
export const authenticate = async (ctx: AppContext, token: string): Promise<Claims | undefined> => {
  const claims = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.clock.now());
  return claims && (await ctx.userAccess.allows(claims)) ? claims : undefined;
};

/**
 * authenticate() without awaiting, when the token was verified lately and its user is known (almost every
 * request of a signed-in terminal): the claims or undefined as authenticate() would answer, 'unknown' when only
 * authenticate() can tell.
 */
export const authenticateKnown = (ctx: AppContext, token: string): Claims | undefined | 'unknown' => {
  const claims = knownAccessToken(token, ctx.config.jwtSecret, ctx.clock.now());
  if (claims === undefined || claims === 'unknown') return claims;
  const allowed = ctx.userAccess.allowsKnown(claims);
  if (allowed === undefined) return 'unknown';
  return allowed ? claims : undefined;
};
