import { ColorSwatch, NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../resources/resourceApi';
import { useUiStore } from '../../state/uiStore';
import { OfficeIcon } from '../office/OfficeIcon';
import { useFavoritePress, useFavorites } from './useFavorites';

const FavoriteMenuLink = ({
  favorite,
  compact,
}: {
  readonly favorite: Row;
  readonly compact: boolean;
}): ReactNode => {
  const press = useFavoritePress(favorite);
  const color = typeof favorite.color === 'string' && favorite.color !== '' ? favorite.color : undefined;
  return (
    <NavLink
      component="button"
      type="button"
      label={String(favorite.title ?? '')}
      leftSection={color ? <ColorSwatch color={color} size={compact ? 10 : 12} /> : undefined}
      py={compact ? 4 : 8}
      fz={compact ? 'sm' : 'md'}
      data-testid="menu-favorite"
      data-favorite-id={favorite.id}
      {...press}
    />
  );
};

/**
 * The favorites at the top of the menu, as a section of their own (absent when there are none). Each entry
 * behaves like its home-page shortcut: a short press opens the link, a press held for 2 s opens its editor.
 */
export const FavoriteMenu = (): ReactNode => {
  const { t } = useTranslation('office');
  const favorites = useFavorites();
  const compact = useUiStore((s) => s.compactMenu);
  const collapsed = useUiStore((s) => s.collapsedSections);
  const toggleSection = useUiStore((s) => s.toggleSection);
  if (favorites.length === 0) return null;
  return (
    <NavLink
      label={t('favorites.title')}
      leftSection={<OfficeIcon name="star" />}
      opened={!collapsed.includes('favorites')}
      onChange={() => toggleSection('favorites')}
      childrenOffset={compact ? 'sm' : 'lg'}
      py={compact ? 4 : 8}
      fw={600}
      fz={compact ? 'sm' : 'md'}
      data-testid="menu-section-favorites"
    >
      {favorites.map((f) => (
        <FavoriteMenuLink key={String(f.id)} favorite={f} compact={compact} />
      ))}
    </NavLink>
  );
};
