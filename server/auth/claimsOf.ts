import type { Claims } from '../../domain/auth/claims';
import { matchLanguage } from '../../domain/languages';
import type { Row } from '../resources/rows';

/** Sign-in claims of a user row (§6): the one place user flags become token claims. */
export const claimsOf = (user: Row): Omit<Claims, 'exp'> => {
  const contractorId = typeof user.contractorId === 'string' ? user.contractorId : null;
  const flag = (name: string) => user[name] === true;
  return {
    sub: String(user.id),
    acc: String(user.clientAccountId),
    ctr: contractorId,
    name: String(user.visibleName || user.username),
    lng: matchLanguage(typeof user.defaultLanguage === 'string' ? user.defaultLanguage : undefined),
    // A contractor user is portal-only whatever else is ticked.
    IsSuperUser: !contractorId && flag('isSuperUser'),
    IsPowerUser: !contractorId && flag('isPowerUser'),
    LogisticsEnabled: !contractorId && flag('logisticsEnabled'),
    TerminalEnabled: !contractorId && flag('terminalEnabled'),
    ShippingEnabled: !contractorId && flag('shippingEnabled'),
    ContractorPortalEnabled: flag('contractorPortalEnabled'),
    TransportEnabled: !contractorId && flag('transportEnabled'),
    CatalystAdminEnabled: !contractorId && flag('catalystAdminEnabled'),
  };
};
