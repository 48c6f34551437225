import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../domain/errors';
import type { ServerConfig } from '../config';

const issuers = ['accounts.google.com', 'https://accounts.google.com'];

/** Verifies a Google ID token and answers its verified e-mail address (lower case). */
export type GoogleTokenVerifier = (idToken: string) => Promise<string>;

/**
 * Google sign-in: the ID token must be signed by one of Google's published keys (fetched and
 * cached by jose), issued by Google, meant for this application and carry a verified e-mail.
 * Without a configured client id every token is refused: any Google token of any other
 * application would otherwise sign its holder in here. Any failure is googleSignInFailed.
 */
export const createGoogleTokenVerifier = (
  config: Pick<ServerConfig, 'googleJwksUrl' | 'googleClientId'>,
): GoogleTokenVerifier => {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async (idToken) => {
    const audience = config.googleClientId;
    if (!audience) throw new AppError('googleSignInFailed', { detail: 'GOOGLE_CLIENT_ID is not set' });
    try {
      keys ??= createRemoteJWKSet(new URL(config.googleJwksUrl));
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: issuers,
        audience,
        algorithms: ['RS256'],
      });
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      if (!verified || typeof payload.email !== 'string' || payload.email === '')
        throw new Error('no verified e-mail');
      return payload.email.trim().toLowerCase();
    } catch (err) {
      throw new AppError('googleSignInFailed', { detail: err instanceof Error ? err.message : undefined });
    }
  };
};
