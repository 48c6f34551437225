import { useMemo } from 'react';
import { drawerSectionsFor, type MenuSection } from '../../../domain/menu';
import { useAuthStore } from '../../state/authStore';
import { useStartupStore } from '../../state/startupStore';
import { isKnownRoute } from '../routeRegistry';
import { appMenu } from './appMenu';

/**
 * The menu: `drawerSections` of the startup configuration (before it arrives, the same
 * sections computed from the token's claims), without items whose screen the client lacks.
 */
export const useMenuSections = (): MenuSection[] => {
  const serverSections = useStartupStore((s) => s.config?.drawerSections);
  const claims = useAuthStore((s) => s.claims);
  return useMemo(() => {
    const sections = serverSections ?? (claims ? drawerSectionsFor(appMenu, claims) : []);
    return sections
      .map((s) => ({ ...s, items: s.items.filter((i) => isKnownRoute(i.link)) }))
      .filter((s) => s.items.length > 0);
  }, [serverSections, claims]);
};

/** Whether `link` is the menu position of `pathname` (itself or a page below it). */
export const isActiveLink = (link: string, pathname: string): boolean => {
  const p = pathname.toLowerCase();
  const l = link.toLowerCase();
  return l === '/' ? p === '/' : p === l || p.startsWith(`${l}/`);
};
