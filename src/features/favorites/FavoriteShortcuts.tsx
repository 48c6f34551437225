import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { favoriteActionResource } from '../../../domain/resources/definitions/favoriteAction';
import { defaultListState } from '../../resources/listState';
import { type Row, resourceApi } from '../../resources/resourceApi';
import { OfficeIcon } from '../office/OfficeIcon';
import { favoriteHref } from './favoriteHref';
import { createLongPress } from './longPress';

const def = favoriteActionResource;

/** One favorite: a short press (or Enter) opens its link, a press of 2 s or more opens its editor. */
const FavoriteButton = ({ favorite }: { readonly favorite: Row }): ReactNode => {
  const navigate = useNavigate();
  const href = favoriteHref(String(favorite.link ?? '/'), favorite.parameters);
  const press = useMemo(
    () =>
      createLongPress({
        onPress: () => navigate(href),
        onLongPress: () => navigate(`/${def.route}/${favorite.id}/edit`),
      }),
    [navigate, href, favorite.id],
  );
  useEffect(() => () => press.cancel(), [press]);
  const color = typeof favorite.color === 'string' && favorite.color !== '' ? favorite.color : undefined;
  return (
    <Button
      variant="light"
      color={color}
      leftSection={<OfficeIcon name="star" />}
      data-testid="favorite-shortcut"
      data-favorite-id={favorite.id}
      // Pointer events serve mouse and touch alike; no context menu or text selection under a held finger.
      style={{ touchAction: 'manipulation', userSelect: 'none', WebkitTouchCallout: 'none' }}
      onPointerDown={(e) => {
        if (e.button === 0) press.start();
      }}
      onPointerUp={() => press.end()}
      onPointerLeave={() => press.cancel()}
      onPointerCancel={() => press.cancel()}
      onContextMenu={(e) => e.preventDefault()}
      onClick={(e) => {
        // A click from the keyboard (Enter, Space) has no pointer press before it.
        if (e.detail === 0) navigate(href);
      }}
    >
      {String(favorite.title ?? '')}
    </Button>
  );
};

/** The user's favorites as shortcuts (home page); nothing when there are none. */
export const FavoriteShortcuts = (): ReactNode => {
  const { t } = useTranslation('office');
  const [favorites, setFavorites] = useState<readonly Row[]>([]);
  useEffect(() => {
    let cancelled = false;
    resourceApi
      .list(def, { ...defaultListState(def), pageSize: 50 })
      .then((page) => {
        if (!cancelled) setFavorites(page.results);
      })
      // Shortcuts are a convenience: the home page works without them.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
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
