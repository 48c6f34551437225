import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadRateLimits, type RateLimits } from './http/rateLimits';
import { loadOfficeConfig, type OfficeConfig } from './office/officeConfig';

export interface ServerConfig {
  /** PostgreSQL when set, else PGlite in dataDir (or in memory when dataDir is undefined). */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string | undefined;
  readonly jwtSecret: string;
  readonly accessTokenSeconds: number;
  readonly refreshTokenDays: number;
  /** Base URL of the web app, used in e-mail links. */
  readonly publicUrl: string;
  /** Server-wide SMTP (smtp://user:pass@host:port); with neither this nor a company account, mail goes to dataDir/mail. */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly googleJwksUrl: string;
  readonly googleClientId: string | undefined;
  /** Limits of the calls that need no account (server/http/rateLimit.ts, README "Running in production"). */
  readonly rateLimits: RateLimits;
  /** Failed attempts at shared links allowed per client address in the window (server/sharedAccess). */
  readonly sharedLinkLimit: {
    readonly perAddress: number;
    readonly windowSeconds: number;
  };
  /** Directory with the built web app; not served when missing. */
  readonly webDir: string | undefined;
  /** REGISTRATION_BLOCKED=1 switches sign-up off server-wide (403 registrationBlocked). */
  readonly registrationBlocked: boolean;
  readonly demo: boolean;
  readonly machineName: string;
  /** The live connection's timing (HUB_PING_INTERVAL_MS, HUB_CLIENT_TIMEOUT_MS, HUB_RELAY_HEARTBEAT_MS). */
  readonly hub: {
    /** Server pings; well below the client's serverTimeout (30 s by default). */
    readonly pingIntervalMs: number;
    /** A client silent for this long is dropped (it pings every 15 s). */
    readonly clientTimeoutMs: number;
    /** Relay heartbeat; another process unheard for three of these loses its edit modes. */
    readonly relayHeartbeatMs: number;
    /** Feed pokes to a connection at most this often, the changes between coalesced (HUB_FEED_POKE_MS). */
    readonly feedPokeMs: number;
  };
  /** Files, discussions' e-mails, SMS and stored secrets (server/office/officeConfig.ts). */
  readonly office: OfficeConfig;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-* headers to believe — `true` (all), a hop count, or addresses /
   * CIDR ranges separated by commas. Unset: none, the socket's address is the client's.
   */
  readonly trustProxy: boolean | number | string;
  /**
   * CATALYST_SOURCES_PRIVATE=1: the catalyst module may read addresses of this network (quote sources, photos named
   * in an import); off by default, so users cannot make the server reach its neighbours.
   */
  readonly catalystPrivateSources: boolean;
  /**
   * PGLITE_UPKEEP_MS: how often embedded PGlite, which has no autovacuum, looks for tables to vacuum and analyse
   * (server/db/pgliteUpkeep.ts); default a minute, 0: never by itself (tests). Unused on PostgreSQL.
   */
  readonly pgliteUpkeepMs: number;
}

/** Reads the JWT key from the environment or from dataDir/secrets.json, creating it on first start. */
const loadSecret = (dataDir: string | undefined): string => {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  if (!dataDir) return randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
    if (saved.jwtSecret) return saved.jwtSecret;
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
};

const num = (v: string | undefined, fallback: number) =>
  v && Number.isFinite(Number(v)) ? Number(v) : fallback;

const positive = (v: string | undefined, fallback: number) => {
  const n = num(v, fallback);
  return n > 0 ? n : fallback;
};

const parseTrustProxy = (v: string | undefined): boolean | number | string => {
  const value = v?.trim();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  return /^[0-9]+$/.test(value) ? Number(value) : value;
};

/** Configuration from the environment; `overrides` win (tests). */
export const loadConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => {
  const env = process.env;
  const dataDir = 'dataDir' in overrides ? overrides.dataDir : resolve(env.DATA_DIR ?? './data');
  const port = num(env.PORT, 3000);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: overrides.jwtSecret ?? loadSecret(dataDir),
    accessTokenSeconds: num(env.ACCESS_TOKEN_SECONDS, 600),
    refreshTokenDays: num(env.REFRESH_TOKEN_DAYS, 30),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Aisle <no-reply@aisle.local>',
    googleJwksUrl: env.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    rateLimits: loadRateLimits(env),
    sharedLinkLimit: {
      perAddress: num(env.SHARED_LINK_LIMIT_PER_ADDRESS, 30),
      windowSeconds: num(env.SHARED_LINK_LIMIT_WINDOW_SECONDS, 900),
    },
    webDir: resolve(env.WEB_DIR ?? 'dist'),
    registrationBlocked: env.REGISTRATION_BLOCKED === '1' || env.REGISTRATION_BLOCKED === 'true',
    demo: env.AISLE_DEMO !== '0',
    machineName: env.HOSTNAME ?? 'aisle',
    hub: {
      pingIntervalMs: positive(env.HUB_PING_INTERVAL_MS, 15_000),
      clientTimeoutMs: positive(env.HUB_CLIENT_TIMEOUT_MS, 30_000),
      relayHeartbeatMs: positive(env.HUB_RELAY_HEARTBEAT_MS, 30_000),
      feedPokeMs: positive(env.HUB_FEED_POKE_MS, 250),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    catalystPrivateSources: env.CATALYST_SOURCES_PRIVATE === '1',
    pgliteUpkeepMs: num(env.PGLITE_UPKEEP_MS, 60_000),
    ...overrides,
    dataDir,
    office: overrides.office ?? loadOfficeConfig(dataDir),
  };
};
