import { claimsOf } from '../auth/claimsOf';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';

/** The scope a demo user's requests would carry: the seed writes as that user, so the record log names them. */
export const demoScope = (user: Row): Scope => {
  const claims = { ...claimsOf(user), exp: Math.floor(Date.now() / 1000) + 3600 };
  return {
    clientAccountId: claims.acc,
    contractorId: claims.ctr,
    userId: claims.sub,
    userName: claims.name,
    claims,
  };
};
