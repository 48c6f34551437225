import { defineResource } from '../types';

/**
 * An uploaded file attached to a record (docs/decisions.md, "Office: discussions, files, messages"): product
 * images and attachments. The bytes live in the internal file_data table; uploads, downloads and deletes go
 * through /api/File (server/files), which checks access through the record the file belongs to.
 */
export const fileInfoResource = defineResource({
  name: 'fileInfo',
  path: 'FileInfo',
  route: 'files',
  section: 'other',
  menu: false,
  titleField: 'fileName',
  read: 'any',
  write: 'any',
  customWrite: true,
  defaultSort: { column: 'createdAt', descending: true },
  fields: {
    refResourceType: { kind: 'string', required: true, maxLength: 64, list: true },
    refResourceId: { kind: 'string', required: true, maxLength: 64, list: true },
    fileName: { kind: 'string', required: true, maxLength: 255, list: true },
    contentType: { kind: 'string', required: true, maxLength: 255, list: true },
    size: { kind: 'integer', required: true, min: 0, list: true },
  },
});
