import { type Claims, hasAccess, isContractor } from '../../domain/auth/claims';
import { drawerSectionsFor, type MenuSection } from '../../domain/menu';

type SomeClaims = Omit<Claims, 'exp'>;

/** A user whose work is the terminal: the terminal switch and no desktop screens (logistics, power, super). */
export const isTerminalUser = (c: SomeClaims): boolean =>
  !isContractor(c) && c.TerminalEnabled && !c.LogisticsEnabled && !c.IsPowerUser && !c.IsSuperUser;

/** Where the terminal starts. */
export const terminalHome = '/terminal';

/** Where a contractor's screens live (the portal); a contractor opening any other screen is not permitted. */
export const portalPrefix = '/portal';

/**
 * Whether a contractor user may open `pathname`: the portal's screens and the entries of their own menu. Every staff
 * screen (lists, documents, the terminal, the dashboard) is not for them.
 */
export const contractorMayOpen = (menu: readonly MenuSection[], c: SomeClaims, pathname: string): boolean => {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === portalPrefix || path.startsWith(`${portalPrefix}/`)) return true;
  return drawerSectionsFor(menu, c).some((s) =>
    s.items.some(
      (i) => hasAccess(c, i.access) && (path === i.link.toLowerCase() || path.startsWith(`${i.link}/`)),
    ),
  );
};

/**
 * The start page of a user: the terminal for a picker (also when an installed app opens at its start URL), the
 * first screen of the portal for a contractor (undefined while the portal has none), the dashboard for staff.
 */
export const startPathOf = (
  menu: readonly MenuSection[],
  c: SomeClaims | null,
  isKnown: (path: string) => boolean,
): string | undefined => {
  if (!c) return '/';
  if (isTerminalUser(c)) return terminalHome;
  if (isContractor(c))
    return drawerSectionsFor(menu, c)
      .flatMap((s) => s.items.map((i) => i.link))
      .find(isKnown);
  return '/';
};
