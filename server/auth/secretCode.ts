import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: 43 characters from [A-Za-z0-9_-]. */
const wellFormed = /^[A-Za-z0-9_-]{43}$/;

/**
 * Random secrets handed out once (refresh tokens, activation and reset codes). Only their SHA-256
 * is stored, so a leaked database does not hand out sessions; a 256-bit random value needs no salt.
 */
export const secretCode = {
  create(): { readonly code: string; readonly hash: string } {
    const code = randomBytes(32).toString('base64url');
    return { code, hash: secretCode.hash(code) };
  },
  hash(code: string): string {
    return createHash('sha256').update(code).digest('base64url');
  },
  isWellFormed(code: unknown): code is string {
    return typeof code === 'string' && wellFormed.test(code);
  },
};
