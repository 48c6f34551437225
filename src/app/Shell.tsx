import { AppShell } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { isContractor } from '../../domain/auth/claims';
import { ApiError } from '../api/apiError';
import { DiscussionDrawer } from '../features/discussions/DiscussionDrawer';
import { usePortalOrderNotices } from '../features/orders/usePortalOrderNotices';
import { useLivePull } from '../features/sync/useLivePull';
import { useSyncSession } from '../features/sync/useSyncSession';
import { contractorMayOpen } from '../session/landing';
import { loadStartupConfig } from '../session/session';
import { useAuthStore } from '../state/authStore';
import { markFirstScreen } from '../state/firstScreen';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { lazyNamed, PageFallback } from '../ui/lazyNamed';
import { NotPermittedPage } from '../ui/NotPermittedPage';
import { appMenu } from './menu/appMenu';
import { RightDrawer } from './RightDrawer';
import { ShellHeader, useAppTitle } from './ShellHeader';

// The menu loads beside the first screen, not before it: a picker's terminal (menu folded on a handheld) shows
// its scan field without waiting for the menu's code (favourites, lists).
const NavMenu = lazyNamed(() => import('./menu/NavMenu'), 'NavMenu');

/** Rendered after the page's screen inside its Suspense boundary: it commits once the screen has. */
const FirstScreenMark = (): null => {
  useEffect(markFirstScreen, []);
  return null;
};

/** The main layout of signed-in users: header, menu, page, right-hand drawer. */
export const Shell = (): ReactNode => {
  const { t } = useTranslation();
  const title = useAppTitle();
  const menuOpen = useUiStore((s) => s.menuOpen);
  const mobileMenuOpen = useUiStore((s) => s.mobileMenuOpen);
  const compact = useUiStore((s) => s.compactMenu);
  const status = useStartupStore((s) => s.status);
  const claims = useAuthStore((s) => s.claims);
  const { pathname } = useLocation();
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
  // load it); the stored copy, or the menu computed from the claims, serves meanwhile.
  useEffect(() => {
    if (status === 'failed' && !retried.current) retried.current = true;
    else if (status !== 'idle') return;
    loadStartupConfig().catch((error: unknown) => {
      if (error instanceof ApiError && (error.isNetworkError || error.status === 401)) return;
      notifications.show({ color: 'red', message: t('notices.configFailed'), id: 'config-failed' });
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
        <Suspense fallback={null}>
          <NavMenu />
        </Suspense>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageFallback />}>
          {permitted ? <Outlet /> : <NotPermittedPage />}
          <FirstScreenMark />
        </Suspense>
      </AppShell.Main>
      <RightDrawer />
      <DiscussionDrawer />
    </AppShell>
  );
};
