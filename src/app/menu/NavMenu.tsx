import { NavLink, ScrollArea, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '../../../domain/menu';
import { FavoriteMenu } from '../../features/favorites/FavoriteMenu';
import { useUiStore } from '../../state/uiStore';
import { AppIcon, sectionIcon } from '../../ui/icons';
import { menuLabel } from './appMenu';
import { isActiveLink, useMenuSections } from './useMenuSections';

interface ItemProps {
  readonly item: MenuItem;
  readonly section: string;
  readonly compact: boolean;
  readonly withIcon: boolean;
}

const MenuLink = ({ item, section, compact, withIcon }: ItemProps): ReactNode => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <NavLink
      component={Link}
      to={item.link}
      label={t(menuLabel(item))}
      active={isActiveLink(item.link, pathname)}
      leftSection={withIcon ? <AppIcon name={sectionIcon(section)} size={compact ? 14 : 16} /> : undefined}
      py={compact ? 4 : 8}
      fz={compact ? 'sm' : 'md'}
      data-testid={`menu-item-${item.key}`}
    />
  );
};

/**
 * The navbar menu. Normal: sections with headers (click to fold). Compact (default): the same,
 * denser. Simplified: the items only, without section headers.
 */
export const NavMenu = (): ReactNode => {
  const { t } = useTranslation();
  const sections = useMenuSections();
  const compact = useUiStore((s) => s.compactMenu);
  const simplified = useUiStore((s) => s.simplifiedMenu);
  const collapsed = useUiStore((s) => s.collapsedSections);
  const toggleSection = useUiStore((s) => s.toggleSection);

  return (
    <ScrollArea type="auto" h="100%">
      <Stack
        gap={simplified || compact ? 0 : 4}
        p={compact ? 4 : 'xs'}
        component="nav"
        aria-label={t('shell.menu')}
      >
        <FavoriteMenu />
        {simplified
          ? sections.flatMap((s) =>
              s.items.map((item) => (
                <MenuLink key={item.key} item={item} section={s.key} compact={compact} withIcon />
              )),
            )
          : sections.map((s) => (
              <NavLink
                key={s.key}
                label={t(`menu.sections.${s.key}`)}
                leftSection={<AppIcon name={sectionIcon(s.key)} size={compact ? 16 : 18} />}
                opened={!collapsed.includes(s.key)}
                onChange={() => toggleSection(s.key)}
                childrenOffset={compact ? 'sm' : 'lg'}
                py={compact ? 4 : 8}
                fw={600}
                fz={compact ? 'sm' : 'md'}
                data-testid={`menu-section-${s.key}`}
              >
                {s.items.map((item) => (
                  <MenuLink key={item.key} item={item} section={s.key} compact={compact} withIcon={false} />
                ))}
              </NavLink>
            ))}
      </Stack>
    </ScrollArea>
  );
};
