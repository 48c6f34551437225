import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { favoriteActionResource } from '../../../domain/resources/definitions/favoriteAction';
import { defaultListState } from '../../resources/listState';
import { type Row, resourceApi } from '../../resources/resourceApi';
import { useLiveChanges } from '../shipping/useLiveChanges';
import { favoriteHref } from './favoriteHref';
import { createLongPress } from './longPress';

const def = favoriteActionResource;

/** The account's favorites (the first 50 by title), fetched again when one changes anywhere. */
export const useFavorites = (): readonly Row[] => {
  const [favorites, setFavorites] = useState<readonly Row[]>([]);
  const load = useCallback(() => {
    resourceApi
      .list(def, { ...defaultListState(def), pageSize: 50 })
      .then((page) => setFavorites(page.results))
      // Shortcuts are a convenience: the screens work without them.
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);
  useLiveChanges([def.name], load);
  return favorites;
};

/**
 * The press of a favorite (a home-page shortcut or a menu entry): a short press, or Enter, opens its link with
 * its parameters; a press held for 2 s opens its editor, by mouse or by touch (pointer events).
 */
export const useFavoritePress = (favorite: Row) => {
  const navigate = useNavigate();
  const href = favoriteHref(String(favorite.link ?? '/'), favorite.parameters);
  const press = useMemo(
    () =>
      createLongPress({
        onPress: () => navigate(href),
        onLongPress: () => navigate(`/${def.route}/${String(favorite.id)}/edit`),
      }),
    [navigate, href, favorite.id],
  );
  useEffect(() => () => press.cancel(), [press]);
  return {
    // No context menu or text selection under a held finger.
    style: { touchAction: 'manipulation', userSelect: 'none', WebkitTouchCallout: 'none' } as const,
    onPointerDown: (e: { button: number }) => {
      if (e.button === 0) press.start();
    },
    onPointerUp: () => press.end(),
    onPointerLeave: () => press.cancel(),
    onPointerCancel: () => press.cancel(),
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
    onClick: (e: { detail: number }) => {
      // A click from the keyboard (Enter, Space) has no pointer press before it.
      if (e.detail === 0) navigate(href);
    },
  };
};
