import { AppShell } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ApiError } from '../api/apiError';
import { DiscussionDrawer } from '../features/discussions/DiscussionDrawer';
import { useLivePull } from '../features/sync/useLivePull';
import { useSyncSession } from '../features/sync/useSyncSession';
import { loadStartupConfig } from '../session/session';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { PageFallback } from '../ui/lazyNamed';
import { NavMenu } from './menu/NavMenu';
import { RightDrawer } from './RightDrawer';
import { ShellHeader, useAppTitle } from './ShellHeader';

/** The main layout of signed-in users: header, menu, page, right-hand drawer. */
export const Shell = (): ReactNode => {
  const { t } = useTranslation();
  const title = useAppTitle();
  const menuOpen = useUiStore((s) => s.menuOpen);
  const mobileMenuOpen = useUiStore((s) => s.mobileMenuOpen);
  const compact = useUiStore((s) => s.compactMenu);
  const status = useStartupStore((s) => s.status);
  const retried = useRef(false);
  // The terminal's replica syncs whatever screen is open, and pulls when the live connection pokes.
  useSyncSession();
  useLivePull();

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
        <NavMenu />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <RightDrawer />
      <DiscussionDrawer />
    </AppShell>
  );
};
