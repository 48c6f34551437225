import { AppShell } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isContractor } from '../../domain/auth/claims';
import { ApiError } from '../api/apiError';
import { usePortalOrderNotices } from '../features/orders/usePortalOrderNotices';
import { useLivePull } from '../features/sync/useLivePull';
import { useSyncSession } from '../features/sync/useSyncSession';
import { contractorMayOpen } from '../session/landing';
import { loadStartupConfig } from '../session/session';
import { useAuthStore } from '../state/authStore';
import { useDrawerStore } from '../state/drawerStore';
import { afterFirstScreen } from '../state/firstScreen';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { lazyNamed, PageFallback } from '../ui/lazyNamed';
import { NotPermittedPage } from '../ui/NotPermittedPage';
import { OptionalPart } from '../ui/OptionalPart';
import { FirstScreenMark } from './FirstScreenMark';
import { appMenu } from './menu/appMenu';
import { ShellHeader, useAppTitle } from './ShellHeader';
import { useFirstScreenShown, useOnceTrue } from './useFirstScreenShown';

// The menu loads once the first screen is up, not before or beside it: a picker's terminal (menu folded on a
// handheld) shows its scan field without waiting for the menu's code (favourites, lists, Mantine's Menu).
const NavMenu = lazyNamed(() => import('./menu/NavMenu'), 'NavMenu');
// The drawers (Mantine's Drawer brings its focus trap, scroll lock and scroll area) load when first opened.
const RightDrawer = lazyNamed(() => import('./RightDrawer'), 'RightDrawer');
const DiscussionDrawer = lazyNamed<'DiscussionDrawer', object>(
  () => import('../features/discussions/DiscussionDrawer'),
  'DiscussionDrawer',
);
/** The query parameter that opens a discussion (DiscussionDrawer's discussionParam, not imported to keep it lazy). */
const discussionParam = 'discussionId';

/** The main layout of signed-in users: header, menu, page, right-hand drawer. */
export const Shell = (): ReactNode => {
  const { t } = useTranslation();
  const title = useAppTitle();
  const menuOpen = useUiStore((s) => s.menuOpen);
  const mobileMenuOpen = useUiStore((s) => s.mobileMenuOpen);
  const compact = useUiStore((s) => s.compactMenu);
  const status = useStartupStore((s) => s.status);
  const claims = useAuthStore((s) => s.claims);
  const { pathname, search } = useLocation();
  const later = useFirstScreenShown();
  const rightDrawer = useOnceTrue(useDrawerStore((s) => s.opened));
  const discussion = useOnceTrue(Boolean(new URLSearchParams(search).get(discussionParam)));
  // A contractor is not shown staff screens, whatever address they open.
  const permitted =
    !claims || !isContractor(claims) || pathname === '/' || contractorMayOpen(appMenu, claims, pathname);
  const retried = useRef(false);
  // The terminal's replica syncs whatever screen is open, and pulls when the live connection pokes.
  useSyncSession();
  useLivePull();
  // Warehouse staff hear of orders contractors place through the portal.
  usePortalOrderNotices();

  // The startup configuration (menu, user, account) once per page load (one retry if signing in could not
  // load it); the stored copy, or the menu computed from the claims, serves meanwhile. Asked for once the first
  // screen is up: the request and the store updates it makes (each re-rendering the shell) ran in the first
  // screen's commit and delayed it, offline for a request that could only fail.
  useEffect(() => {
    if (status === 'failed' && !retried.current) retried.current = true;
    else if (status !== 'idle') return;
    void afterFirstScreen().then(() => {
      // Loaded or loading meanwhile (a sign-in, another effect run): nothing to ask for.
      if (useStartupStore.getState().status !== status) return;
      loadStartupConfig().catch((error: unknown) => {
        if (error instanceof ApiError && (error.isNetworkError || error.status === 401)) return;
        notifications.show({ color: 'red', message: t('notices.configFailed'), id: 'config-failed' });
      });
    });
  }, [status, t]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: compact ? 240 : 290,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileMenuOpen, desktop: !menuOpen },
      }}
      padding="md"
    >
      <AppShell.Header>
        <ShellHeader />
      </AppShell.Header>
      <AppShell.Navbar data-testid="navbar">
        {later && (
          <OptionalPart>
            <Suspense fallback={null}>
              <NavMenu />
            </Suspense>
          </OptionalPart>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageFallback />}>
          {permitted ? <Outlet /> : <NotPermittedPage />}
          <FirstScreenMark />
        </Suspense>
      </AppShell.Main>
      <OptionalPart>
        <Suspense fallback={null}>
          {rightDrawer && <RightDrawer />}
          {discussion && <DiscussionDrawer />}
        </Suspense>
      </OptionalPart>
    </AppShell>
  );
};
