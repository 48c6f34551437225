import { defineResource } from '../types';

/**
 * The tag dictionary: names with colours, offered by the tag pickers of records that have tags (fields marked
 * `tagPicker`) and by their lists' tag filter. Renaming a tag renames it on every record; deleting it takes it
 * off them (server/office/tagHooks.ts).
 */
export const tagResource = defineResource({
  name: 'tag',
  path: 'Tag',
  route: 'tags',
  section: 'other',
  menu: { order: 15 },
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: {
      kind: 'string',
      required: true,
      maxLength: 50,
      unique: 'account',
      forbiddenChars: ',',
      list: true,
    },
    color: { kind: 'color', required: true, default: '#228be6', list: true },
    description: { kind: 'text', maxLength: 500, list: true },
  },
});
