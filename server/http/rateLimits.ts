/**
 * Limits of every call that needs no account, each counted per client address and per target (the user name,
 * e-mail address, code or link the call is about) within a sliding window. Counts live in PostgreSQL, so every
 * server process on one database shares them (server/http/rateLimiter.ts).
 */
export interface RateLimit {
  /** Calls per client address in the window (0: no limit by address). */
  readonly address: number;
  /** Calls per target in the window (0: no limit by target). */
  readonly target: number;
  readonly windowSeconds: number;
}

/** The kinds of calls, with their defaults. */
export const defaultRateLimits = {
  /** Failed sign-ins (POST /api/Auth), per user name; a successful one clears the user name's count. */
  signIn: { address: 50, target: 10, windowSeconds: 900 },
  /** Google sign-in, per address and per Google account (e-mail). */
  googleSignIn: { address: 30, target: 10, windowSeconds: 900 },
  /** Sign-ups, per address and per e-mail address given. */
  register: { address: 10, target: 3, windowSeconds: 3600 },
  /** Activation links opened, per address and per code. */
  activate: { address: 30, target: 5, windowSeconds: 900 },
  /** Password-reset requests ("send me a link"), per address and per e-mail address asked about. */
  resetRequest: { address: 10, target: 5, windowSeconds: 3600 },
  /** New passwords set with a reset code, per address and per code. */
  reset: { address: 30, target: 5, windowSeconds: 900 },
  /** Reset and activation e-mails actually sent to one address, whatever the number of requests. */
  accountMail: { address: 0, target: 3, windowSeconds: 3600 },
  /** Public pages and shared links (the reusable hook), per address and per link. */
  publicPage: { address: 300, target: 1000, windowSeconds: 900 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitKind = keyof typeof defaultRateLimits;
export type RateLimits = Readonly<Record<RateLimitKind, RateLimit>>;

/** `RATE_LIMIT_RESET_REQUEST` for resetRequest. */
export const rateLimitEnvName = (kind: RateLimitKind): string =>
  `RATE_LIMIT_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

const whole = (v: string | undefined): number | undefined =>
  v !== undefined && /^[0-9]{1,9}$/.test(v.trim()) ? Number(v) : undefined;

/**
 * One kind's limit from its variable, e.g. `RATE_LIMIT_RESET_REQUEST=address=10,target=5,window=3600`; parts left
 * out keep their default, unreadable parts are ignored (and reported by the caller's start-up log).
 */
export const parseRateLimit = (text: string | undefined, fallback: RateLimit): RateLimit => {
  if (!text) return fallback;
  const parts = new Map(
    text.split(',').map((part) => {
      const [name = '', value] = part.split('=');
      return [name.trim().toLowerCase(), whole(value)] as const;
    }),
  );
  return {
    address: parts.get('address') ?? fallback.address,
    target: parts.get('target') ?? fallback.target,
    windowSeconds: parts.get('window') || fallback.windowSeconds,
  };
};

/** Every kind's limit from the environment (the sign-in's older SIGNIN_LIMIT_* variables still count). */
export const loadRateLimits = (env: NodeJS.ProcessEnv): RateLimits => {
  const out = {} as Record<RateLimitKind, RateLimit>;
  for (const kind of Object.keys(defaultRateLimits) as RateLimitKind[])
    out[kind] = parseRateLimit(env[rateLimitEnvName(kind)], defaultRateLimits[kind]);
  out.signIn = {
    address: whole(env.SIGNIN_LIMIT_PER_ADDRESS) ?? out.signIn.address,
    target: whole(env.SIGNIN_LIMIT_PER_USER) ?? out.signIn.target,
    windowSeconds: whole(env.SIGNIN_LIMIT_WINDOW_SECONDS) || out.signIn.windowSeconds,
  };
  return out;
};
