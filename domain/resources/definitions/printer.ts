import { defineResource } from '../types';

/**
 * Network label printers of the company: ZPL is sent to `address` (host or host:port, port 9100 when not given)
 * over raw TCP by the server. The label size and resolution place what a layout prints on the printer's stock.
 */
export const printerResource = defineResource({
  name: 'printer',
  path: 'Printer',
  route: 'printers',
  section: 'administration',
  menu: { order: 41, access: 'power' },
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    address: { kind: 'string', required: true, maxLength: 255, list: true },
    labelWidthMm: { kind: 'decimal', required: true, min: 10, max: 300, default: 100, list: true },
    labelHeightMm: { kind: 'decimal', required: true, min: 10, max: 500, default: 60, list: true },
    dpi: { kind: 'enum', options: ['203', '300', '600'], required: true, default: '203', list: true },
  },
});
