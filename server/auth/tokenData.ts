import type { TokenData } from '../../domain/auth/claims';
import type { ServerConfig } from '../config';
import type { Row } from '../resources/rows';
import { signAccessToken } from './accessToken';
import { claimsOf } from './claimsOf';
import type { IssuedRefreshToken } from './refreshTokens';

/**
 * The answer of every sign-in and refresh: a fresh access token with the user's current claims, issued at `now`
 * (the server's clock, which also checks its expiry).
 */
export const tokenDataFor = async (
  config: ServerConfig,
  user: Row,
  refresh: IssuedRefreshToken,
  now: number,
): Promise<TokenData> => {
  const claims = claimsOf(user);
  const { token, exp } = await signAccessToken(claims, config.jwtSecret, config.accessTokenSeconds, now);
  return {
    token,
    refreshToken: refresh.token,
    expiresAt: exp * 1000,
    refreshExpiresAt: refresh.expiresAt.getTime(),
    claims: { ...claims, exp },
  };
};
