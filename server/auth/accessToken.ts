import { jwtVerify, SignJWT } from 'jose';
import { type Claims, claimsSchema } from '../../domain/auth/claims';

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a short-lived access token carrying the claims (HS256). */
export const signAccessToken = async (
  claims: Omit<Claims, 'exp'>,
  secret: string,
  seconds: number,
): Promise<{ token: string; exp: number }> => {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .setAudience('aisle')
    .sign(key(secret));
  return { token, exp };
};

/** Verifies an access token; undefined when invalid or expired. */
export const verifyAccessToken = async (token: string, secret: string): Promise<Claims | undefined> => {
  try {
    const { payload } = await jwtVerify(token, key(secret), { audience: 'aisle', algorithms: ['HS256'] });
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};
