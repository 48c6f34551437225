import type { Claims } from '../../domain/auth/claims';
import { matchLanguage } from '../../domain/languages';
import type { Row } from '../resources/rows';

/** The user row's session version (server/auth/userAccess.ts); rows from before it existed have 0. */
export const sessionVersionOf = (user: Row): number =>
  typeof user.sessionEpoch === 'number' ? user.sessionEpoch : 0;

/** Sign-in claims of a user row (docs/glossary.md): the one place user flags become token claims. */
export const claimsOf = (user: Row): Omit<Claims, 'exp'> => {
  const contractorId = typeof user.contractorId === 'string' ? user.contractorId : null;
  // A carrier's user (linked to a carrier company) is external like a contractor: no staff switches.
  const carrierId = !contractorId && typeof user.carrierId === 'string' ? user.carrierId : null;
  const external = contractorId !== null || carrierId !== null;
  const flag = (name: string) => user[name] === true;
  return {
    sub: String(user.id),
    acc: String(user.clientAccountId),
    ctr: contractorId,
    crr: carrierId,
    name: String(user.visibleName || user.username),
    lng: matchLanguage(typeof user.defaultLanguage === 'string' ? user.defaultLanguage : undefined),
    // A contractor user is portal-only, a carrier user transport-only, whatever else is ticked.
    IsSuperUser: !external && flag('isSuperUser'),
    IsPowerUser: !external && flag('isPowerUser'),
    LogisticsEnabled: !external && flag('logisticsEnabled'),
    TerminalEnabled: !external && flag('terminalEnabled'),
    ShippingEnabled: !external && flag('shippingEnabled'),
    ContractorPortalEnabled: !carrierId && flag('contractorPortalEnabled'),
    TransportEnabled: !contractorId && flag('transportEnabled'),
    CatalystAdminEnabled: !external && flag('catalystAdminEnabled'),
    FaceDatabaseEnabled: !external && flag('faceDatabaseEnabled'),
    sv: sessionVersionOf(user),
  };
};
