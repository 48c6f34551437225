import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useDrawerStore } from '../state/drawerStore';
import { useUiStore } from '../state/uiStore';
import { PageFallback } from '../ui/lazyNamed';
import { appMenu } from './menu/appMenu';
import { OfflineNotice } from './OfflineNotice';

const menuLinks = new Set(appMenu.flatMap((s) => s.items.map((i) => i.link.toLowerCase())));

/**
 * Root of every route: on each navigation to another page it scrolls to the top, closes the
 * right-hand drawer and the mobile menu, and remembers the last active menu link.
 * (Query-string changes within a page, e.g. list paging, are not navigations here.)
 */
export const RootLayout = (): ReactNode => {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    useDrawerStore.getState().close();
    const ui = useUiStore.getState();
    ui.closeMobileMenu();
    const link = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
    if (menuLinks.has(link)) ui.setLastActiveLink(link);
  }, [pathname]);
  return (
    <>
      <OfflineNotice />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
};
