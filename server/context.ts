import type { FastifyRequest } from 'fastify';
import { Subject } from 'rxjs';
import type { Claims } from '../domain/auth/claims';
import { AppError } from '../domain/errors';
import { isLanguage } from '../domain/languages';
import type { UserAccess } from './auth/userAccess';
import type { Clock } from './clock';
import type { ServerConfig } from './config';
import type { Database, Db } from './db/client';
import type { Schema } from './db/schema';
import type { RateLimiter } from './http/rateLimiter';
import type { Mailer } from './mail/mailer';

/** A data change, published after commit (the live connection and sync feed listen to it). */
export interface DataChange {
  readonly clientAccountId: string;
  readonly resourceType: string;
  readonly id: string;
  readonly action: 'create' | 'update' | 'delete';
}

/** Everything route modules need; built once per app by buildApp. */
export interface AppContext {
  readonly config: ServerConfig;
  readonly database: Database;
  readonly db: Db;
  readonly schema: Schema;
  readonly mailer: Mailer;
  /** Committed changes: a unit of work sends its notices here once it committed (server/unitOfWork.ts). */
  readonly changes: Subject<DataChange>;
  /** Time for token expiry, the live connection, rate limits and the access cache (tests move their own). */
  readonly clock: Clock;
  /** Counts of the calls that need no account, shared by every process on the database. */
  readonly rateLimiter: RateLimiter;
  /** Whether a signed-in user may still act (blocked, deleted, sessions ended), checked on every request. */
  readonly userAccess: UserAccess;
}

export const createChanges = () => new Subject<DataChange>();

declare module 'fastify' {
  interface FastifyRequest {
    /** Claims of a valid access token, if the request carried one. */
    auth: Claims | undefined;
    startedAt: number;
  }
}

/** The caller's claims, or 401 so the client refreshes its token. */
export const requireAuth = (request: FastifyRequest): Claims => {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
};

/** Language for messages: the app's explicit choice, else the signed-in user's, else Accept-Language. */
export const requestLanguage = (request: FastifyRequest): string | undefined => {
  // The app sends the language the user sees as exactly one supported tag; that wins over the token's.
  const header = request.headers['accept-language'];
  if (typeof header === 'string' && isLanguage(header.toLowerCase())) return header.toLowerCase();
  return request.auth?.lng ?? header;
};
