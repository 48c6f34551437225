import type { Claims } from '../../domain/auth/claims';

/** Sign-in claims for client tests: user `u` of account `a` with no rights, but for `overrides`. */
export const someClaims = (overrides: Partial<Claims> = {}): Claims => ({
  sub: 'u',
  acc: 'a',
  ctr: null,
  name: 'u',
  lng: 'en-us',
  IsSuperUser: false,
  IsPowerUser: false,
  LogisticsEnabled: false,
  TerminalEnabled: false,
  ShippingEnabled: false,
  ContractorPortalEnabled: false,
  TransportEnabled: false,
  CatalystAdminEnabled: false,
  FaceDatabaseEnabled: false,
  exp: 0,
  ...overrides,
});
