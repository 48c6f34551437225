import { ActionIcon, Anchor, Burger, Group, Loader, Title, Tooltip } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsLoading } from '../state/loadingStore';
import { useStartupStore } from '../state/startupStore';
import { useUiStore } from '../state/uiStore';
import { AppIcon, type IconName } from '../ui/icons';
import { lazyNamed } from '../ui/lazyNamed';

// The header's menus load beside the first screen, not before it (the page shows without them for a moment).
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

interface ToggleProps {
  readonly label: string;
  readonly icon: IconName;
  readonly active?: boolean;
  readonly onClick: () => void;
  readonly testId: string;
  /** Hidden on narrow screens. */
  readonly wideOnly?: boolean;
}

const HeaderToggle = ({ label, icon, active, onClick, testId, wideOnly }: ToggleProps): ReactNode => (
  <Tooltip label={label} withinPortal>
    <ActionIcon
      variant={active ? 'light' : 'subtle'}
      size="lg"
      onClick={onClick}
      aria-label={label}
      aria-pressed={active}
      data-testid={testId}
      visibleFrom={wideOnly ? 'sm' : undefined}
    >
      <AppIcon name={icon} />
    </ActionIcon>
  </Tooltip>
);

/** The app title; the company account's own title wins over the product name. */
export const useAppTitle = (): string => {
  const { t } = useTranslation();
  const custom = useStartupStore((s) => s.config?.clientAccount?.appTitle);
  return typeof custom === 'string' && custom.trim() ? custom.trim() : t('app.title');
};

/** Header: menu burger, title, loading indicator, language, night mode, fullscreen, menu modes, user. */
export const ShellHeader = (): ReactNode => {
  const { t } = useTranslation();
  const title = useAppTitle();
  const loading = useIsLoading();
  const fullscreen = useFullscreenDocument();
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
        <Suspense fallback={null}>
          <UnreadDiscussions />
          <ExternalImportNotices />
          <LanguageMenu />
        </Suspense>
        <HeaderToggle
          label={ui.darkMode ? t('shell.lightMode') : t('shell.darkMode')}
          icon={ui.darkMode ? 'sun' : 'moon'}
          active={ui.darkMode}
          onClick={ui.toggleDarkMode}
          testId="darkmode-toggle"
        />
        <HeaderToggle
          label={fullscreen.fullscreen ? t('shell.exitFullscreen') : t('shell.fullscreen')}
          icon={fullscreen.fullscreen ? 'exitFullscreen' : 'fullscreen'}
          active={fullscreen.fullscreen}
          onClick={() => void fullscreen.toggle().catch(() => undefined)}
          testId="fullscreen-toggle"
          wideOnly
        />
        <HeaderToggle
          label={t('shell.compactMenu')}
          icon={ui.compactMenu ? 'compact' : 'comfortable'}
          active={ui.compactMenu}
          onClick={ui.toggleCompactMenu}
          testId="compact-menu-toggle"
          wideOnly
        />
        <HeaderToggle
          label={t('shell.simplifiedMenu')}
          icon={ui.simplifiedMenu ? 'simplified' : 'sections'}
          active={ui.simplifiedMenu}
          onClick={ui.toggleSimplifiedMenu}
          testId="simplified-menu-toggle"
          wideOnly
        />
        <Suspense fallback={null}>
          <UserMenu />
        </Suspense>
      </Group>
    </Group>
  );
};
