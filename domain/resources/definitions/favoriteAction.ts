import { defineResource } from '../types';

/**
 * Favorites (docs/decisions.md, "Office: discussions, files, messages"): shortcuts to app screens with saved
 * parameters, shared in the account.
 */
export const favoriteActionResource = defineResource({
  name: 'favoriteAction',
  path: 'FavoriteAction',
  route: 'favorites',
  section: 'other',
  menu: { order: 20 },
  titleField: 'title',
  read: 'any',
  write: 'any',
  defaultSort: { column: 'title' },
  fields: {
    title: { kind: 'string', required: true, maxLength: 100, list: true },
    link: { kind: 'string', required: true, maxLength: 1000, list: true },
    parameters: { kind: 'json' },
    color: { kind: 'color', list: true },
  },
});
