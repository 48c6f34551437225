import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../resources/resourceApi';
import { OfficeIcon } from '../office/OfficeIcon';
import { useFavoritePress, useFavorites } from './useFavorites';

/** One favorite: a short press (or Enter) opens its link, a press of 2 s or more opens its editor. */
const FavoriteButton = ({ favorite }: { readonly favorite: Row }): ReactNode => {
  const press = useFavoritePress(favorite);
  const color = typeof favorite.color === 'string' && favorite.color !== '' ? favorite.color : undefined;
  return (
    <Button
      variant="light"
      color={color}
      leftSection={<OfficeIcon name="star" />}
      data-testid="favorite-shortcut"
      data-favorite-id={favorite.id}
      {...press}
    >
      {String(favorite.title ?? '')}
    </Button>
  );
};

/** The user's favorites as shortcuts (home page); nothing when there are none. */
export const FavoriteShortcuts = (): ReactNode => {
  const { t } = useTranslation('office');
  const favorites = useFavorites();
  if (favorites.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="favorite-shortcuts">
      <Title order={4}>{t('favorites.title')}</Title>
      <Group gap="xs" wrap="wrap">
        {favorites.map((f) => (
          <FavoriteButton key={f.id} favorite={f} />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('favorites.hint')}
      </Text>
    </Stack>
  );
};
