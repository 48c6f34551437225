import { Anchor, Burger, Group, Loader, Title } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsLoading } from '../state/loadingStore';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { lazyNamed } from '../ui/lazyNamed';
import { OptionalPart } from '../ui/OptionalPart';
import { useFirstScreenShown } from './useFirstScreenShown';

// The header's menus and toggles load once the first screen is up, not before it or beside it (their tooltips and
// menus bring Mantine's Popover and Floating UI; the page shows without them for a moment).
const UnreadDiscussions = lazyNamed(
  () => import('../features/discussions/UnreadDiscussions'),
  'UnreadDiscussions',
);
const ExternalImportNotices = lazyNamed(
  () => import('../features/external/ExternalImportNotices'),
  'ExternalImportNotices',
);
const LanguageMenu = lazyNamed(() => import('../ui/LanguageMenu'), 'LanguageMenu');
const UserMenu = lazyNamed(() => import('./UserMenu'), 'UserMenu');
const HeaderToggles = lazyNamed(() => import('./HeaderToggles'), 'HeaderToggles');

/** The app title; the company account's own title wins over the product name. */
export const useAppTitle = (): string => {
  const { t } = useTranslation();
  const custom = useStartupStore((s) => s.config?.clientAccount?.appTitle);
  return typeof custom === 'string' && custom.trim() ? custom.trim() : t('app.title');
};

/** Header: menu burger, title, loading indicator; then language, night mode, fullscreen, menu modes, user. */
export const ShellHeader = (): ReactNode => {
  const { t } = useTranslation();
  const title = useAppTitle();
  const loading = useIsLoading();
  const later = useFirstScreenShown();
  const ui = useUiStore();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={ui.mobileMenuOpen}
          onClick={ui.toggleMobileMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('shell.toggleMenu')}
        />
        <Burger
          opened={ui.menuOpen}
          onClick={ui.toggleMenu}
          visibleFrom="sm"
          size="sm"
          aria-label={t('shell.toggleMenu')}
          data-testid="menu-toggle"
        />
        <Anchor component={Link} to="/" underline="never" c="inherit" miw={0}>
          <Title
            order={4}
            fz={{ base: 'sm', sm: 'h4' }}
            lh={1.15}
            lineClamp={2}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="app-title"
          >
            {title}
          </Title>
        </Anchor>
        {loading && <Loader size="xs" aria-label={t('shell.loading')} data-testid="loading-indicator" />}
      </Group>
      <Group gap={2} wrap="nowrap">
        {later && (
          <OptionalPart>
            <Suspense fallback={null}>
              <UnreadDiscussions />
              <ExternalImportNotices />
              <LanguageMenu />
              <HeaderToggles />
              <UserMenu />
            </Suspense>
          </OptionalPart>
        )}
      </Group>
    </Group>
  );
};
