import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';

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

/** The answer of a hub's negotiate call: a connection for `subject` over WebSockets (the only transport). */
export const negotiation = (secret: string, subject: string, now = Date.now()) => {
  const { connectionId, connectionToken } = issueConnectionToken(secret, subject, now);
  return {
    negotiateVersion: 1,
    connectionId,
    connectionToken,
    availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
  };
};

/** Answers a WebSocket upgrade request with a plain HTTP status (the client reads a 401 as "renew the token"). */
export const refuseUpgrade = (socket: Duplex, status: number, reason: string): void => {
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${reason.length}\r\n\r\n${reason}`,
    );
  socket.destroy();
};
