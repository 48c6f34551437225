import { ActionIcon, Tooltip } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../state/uiStore';
import { AppIcon, type IconName } from '../ui/icons';

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

/** The header's toggles: night mode, fullscreen, compact and simplified menu (loaded after the first screen). */
export const HeaderToggles = (): ReactNode => {
  const { t } = useTranslation();
  const fullscreen = useFullscreenDocument();
  const ui = useUiStore();
  return (
    <>
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
    </>
  );
};
