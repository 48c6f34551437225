import { defineResource } from '../types';

/**
 * Dictionary entries: a code and its value within a group. The same code may
 * appear in several groups, so the code alone is not unique.
 */
export const dictionaryResource = defineResource({
  name: 'dictionary',
  path: 'Dictionary',
  route: 'dictionaries',
  section: 'other',
  menu: { order: 10 },
  titleField: 'value',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'group' },
  fields: {
    group: { kind: 'string', maxLength: 100, list: true },
    code: { kind: 'string', required: true, maxLength: 50, list: true },
    value: { kind: 'string', required: true, maxLength: 500, list: true },
    tags: { kind: 'tags', tagPicker: true, list: true },
  },
});
