import { jwtVerify, SignJWT } from 'jose';
import { type Claims, claimsSchema } from '../../domain/auth/claims';

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a short-lived access token carrying the claims (HS256), issued at `now` (ms since the epoch). */
export const signAccessToken = async (
  claims: Omit<Claims, 'exp'>,
  secret: string,
  seconds: number,
  now = Date.now(),
): Promise<{ token: string; exp: number }> => {
  const iat = Math.floor(now / 1000);
  const exp = iat + seconds;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setAudience('aisle')
    .sign(key(secret));
  return { token, exp };
};

/** Verifies an access token at `now` (ms since the epoch; the server passes its clock's); undefined when invalid or expired. */
export const verifyAccessToken = async (
  token: string,
  secret: string,
  now = Date.now(),
): Promise<Claims | undefined> => {
  const known = knownAccessToken(token, secret, now);
  if (known !== 'unknown') return known;
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      audience: 'aisle',
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return undefined;
    remember(token, secret, parsed.data);
    return parsed.data;
  } catch {
    return undefined;
  }
};

/**
 * A token verified lately, without awaiting anything (the hot path of every request, an idle pull's first of
 * all): its claims, undefined once it has expired, 'unknown' when it was not verified lately (verifyAccessToken).
 */
export const knownAccessToken = (
  token: string,
  secret: string,
  now = Date.now(),
): Claims | undefined | 'unknown' => {
  const known = verified.get(token);
  if (!known || known.secret !== secret) return 'unknown';
  if (known.claims.exp * 1000 > now) return known.claims;
  verified.delete(token);
  return undefined;
};

/**
 * Tokens verified lately, until they expire: a signed token always verifies the same way, and a batch push
 * checks the same one for each of its calls. Bounded; the oldest entry goes first.
 */
const verified = new Map<string, { readonly secret: string; readonly claims: Claims }>();
const maxVerified = 2000;

const remember = (token: string, secret: string, claims: Claims): void => {
  if (verified.size >= maxVerified) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(token, { secret, claims });
};
