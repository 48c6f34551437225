import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a negotiated connection token may be used to open the WebSocket. */
const validSeconds = 120;

const sign = (secret: string, connectionId: string, userId: string, exp: number): string =>
  createHmac('sha256', secret).update(`dataHub:${connectionId}:${userId}:${exp}`).digest('base64url');

/**
 * The negotiate step's connection id and token. The token is signed rather than remembered, so the
 * WebSocket may land on any server process behind a load balancer (no sticky sessions needed).
 */
export const issueConnectionToken = (
  secret: string,
  userId: string,
  now = Date.now(),
): { connectionId: string; connectionToken: string } => {
  const connectionId = randomBytes(16).toString('base64url');
  const exp = Math.floor(now / 1000) + validSeconds;
  return {
    connectionId,
    connectionToken: `${connectionId}.${exp}.${sign(secret, connectionId, userId, exp)}`,
  };
};

/** The connection id of a valid, unexpired token issued to `userId`; undefined otherwise. */
export const readConnectionToken = (
  secret: string,
  token: string,
  userId: string,
  now = Date.now(),
): string | undefined => {
  const [connectionId, expText, signature, ...extra] = token.split('.');
  if (!connectionId || !expText || !signature || extra.length) return undefined;
  const exp = Number(expText);
  if (!Number.isInteger(exp) || exp * 1000 < now) return undefined;
  const expected = Buffer.from(sign(secret, connectionId, userId, exp));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return connectionId;
};
