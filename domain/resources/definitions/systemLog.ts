import { defineResource } from '../types';

/** System log: errors and warnings written by the server, read only, super users only. */
export const systemLogResource = defineResource({
  name: 'systemLog',
  path: 'SystemLog',
  route: 'system-log',
  section: 'other',
  menu: { order: 40 },
  titleField: 'message',
  read: 'super',
  write: 'none',
  readOnly: true,
  tenantOptional: true,
  defaultSort: { column: 'raiseDate', descending: true },
  presets: [{ key: 'errorsOnly', filters: [{ field: 'level', operator: 'eq', value: 'error' }] }],
  fields: {
    level: { kind: 'enum', options: ['error', 'warning', 'info'], list: true, readOnly: true },
    machineName: { kind: 'string', readOnly: true },
    message: { kind: 'text', list: true, readOnly: true },
    exception: { kind: 'text', readOnly: true },
    properties: { kind: 'json', readOnly: true },
    source: { kind: 'string', list: true, readOnly: true },
    raiseDate: { kind: 'datetime', list: true, readOnly: true },
    elapsed: { kind: 'integer', readOnly: true },
    httpStatusCode: { kind: 'integer', list: true, readOnly: true },
    requestId: { kind: 'string', readOnly: true },
  },
});
