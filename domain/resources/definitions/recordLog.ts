import { defineResource } from '../types';

/** Record change log (docs/glossary.md): written by the server on every resource write, read only. */
export const recordLogResource = defineResource({
  name: 'recordLog',
  path: 'RecordLog',
  route: 'log',
  section: 'other',
  // The menu leads to the history screen (/history), which lists this log with its comparison dialog.
  menu: false,
  titleField: 'resourceTitle',
  read: 'power',
  write: 'none',
  readOnly: true,
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    resourceType: { kind: 'string', list: true, readOnly: true },
    resourceId: { kind: 'string', readOnly: true },
    resourceTitle: { kind: 'string', list: true, readOnly: true },
    action: { kind: 'enum', options: ['create', 'update', 'delete'], list: true, readOnly: true },
    oldObject: { kind: 'json', readOnly: true },
    newObject: { kind: 'json', readOnly: true },
    userId: { kind: 'ref', ref: 'user', onDelete: 'setNull', readOnly: true },
    userName: { kind: 'string', list: true, readOnly: true },
  },
});
