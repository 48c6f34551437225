import { z } from 'zod';
import type { Access } from '../resources/types';

/** Sign-in claims (docs/glossary.md, "Claims"): read from the access token by client and server alike. */
export const claimsSchema = z.object({
  sub: z.string(),
  acc: z.string(),
  ctr: z.string().nullable(),
  /** The carrier company a carrier user works for (docs/decisions.md, "Shipping"); absent or null for others. */
  crr: z.string().nullable().optional(),
  name: z.string(),
  lng: z.string(),
  IsSuperUser: z.boolean(),
  IsPowerUser: z.boolean(),
  LogisticsEnabled: z.boolean(),
  TerminalEnabled: z.boolean(),
  ShippingEnabled: z.boolean(),
  ContractorPortalEnabled: z.boolean(),
  TransportEnabled: z.boolean(),
  CatalystAdminEnabled: z.boolean(),
  /** May see and manage the face database (descriptors are personal data). Older tokens lack it: false. */
  FaceDatabaseEnabled: z.boolean().default(false),
  /**
   * The user's session version when the token was issued: blocking the user or an administrator setting their
   * password raises it, and a token of an older version is refused on its next request. Absent = 0.
   */
  sv: z.number().int().optional(),
  exp: z.number(),
});
export type Claims = z.infer<typeof claimsSchema>;

/** What POST /api/Auth, GET /api/Auth and GET /api/Auth/GoogleToken/{token} return. */
export const tokenDataSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
  refreshExpiresAt: z.number(),
  claims: claimsSchema,
});
export type TokenData = z.infer<typeof tokenDataSchema>;

export const isContractor = (c: Pick<Claims, 'ctr'>): boolean => c.ctr !== null;

/** A carrier's user: sees find transport and its own offers, nothing of the warehouse's records. */
export const isCarrier = (c: Pick<Claims, 'crr'>): boolean => typeof c.crr === 'string' && c.crr !== '';

/**
 * Whether the claims grant an access level. Super users may do everything a power user
 * may; contractor users are portal-only and pass only 'portal'; carrier users pass only 'transport'.
 */
export const hasAccess = (c: Omit<Claims, 'exp'>, access: Access): boolean => {
  if (access === 'none') return false;
  if (isContractor(c)) return access === 'portal' && c.ContractorPortalEnabled;
  if (isCarrier(c)) return access === 'transport' && c.TransportEnabled;
  switch (access) {
    case 'any':
      return true;
    case 'super':
      return c.IsSuperUser;
    case 'power':
      return c.IsSuperUser || c.IsPowerUser;
    case 'logistics':
      return c.IsSuperUser || c.LogisticsEnabled;
    case 'terminal':
      return c.IsSuperUser || c.TerminalEnabled;
    case 'shipping':
      return c.IsSuperUser || c.ShippingEnabled;
    case 'portal':
      return c.ContractorPortalEnabled;
    case 'transport':
      // Find transport and freight offers are the carriers' screens.
      return false;
    case 'faces':
      return c.IsSuperUser || c.FaceDatabaseEnabled;
    case 'catalyst':
      return c.IsSuperUser || c.CatalystAdminEnabled;
  }
};
