import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../domain/errors';

/** What an upload is for: `images` (a record's pictures) takes images only, `files` any allowed document. */
export type UploadKind = 'images' | 'files';

/** Types recognised by their content (magic bytes) that may be attached. Executables and scripts never are. */
const allowedBinary = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'image/avif',
  'image/heic',
  'image/heif',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-7z-compressed',
  'application/rtf',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'audio/mpeg',
  'audio/wav',
  'video/mp4',
  'video/webm',
  'video/quicktime',
]);

/** Old Office files (Word 97, Excel 97) are compound files: named by their extension. */
const compoundTypes: Record<string, string> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.msg': 'application/vnd.ms-outlook',
};

/** Files without magic bytes are taken only as text, with these extensions. */
const textTypes: Record<string, string> = {
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.md': 'text/markdown',
  '.log': 'text/plain',
  '.eml': 'message/rfc822',
  '.ics': 'text/calendar',
  '.svg': 'image/svg+xml',
};

/** Valid UTF-8 without NUL or other control characters than tab, line breaks and form feed. */
const looksLikeText = (data: Buffer): boolean => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
};

/**
 * The content type of an upload, decided by its bytes, never by its name or the browser's claim: an
 * executable renamed `.pdf` is refused (fileContentNotAllowed), a PNG named `.pdf` is stored as a PNG.
 * Files without a recognisable signature are accepted only as text with a text extension.
 */
export const checkContent = async (fileName: string, data: Buffer, kind: UploadKind): Promise<string> => {
  const refuse = () =>
    new AppError(kind === 'images' ? 'fileExtensionNotAllowed' : 'fileContentNotAllowed', {
      fields: [
        { field: kind, rule: kind === 'images' ? 'fileExtensionNotAllowed' : 'fileContentNotAllowed' },
      ],
      detail: fileName,
    });
  const ext = extname(fileName).toLowerCase();
  const detected = await fileTypeFromBuffer(data);
  let type: string | undefined;
  if (detected) {
    if (!allowedBinary.has(detected.mime)) throw refuse();
    type = detected.mime === 'application/x-cfb' ? compoundTypes[ext] : detected.mime;
    if (!type) throw refuse();
  } else {
    const textType = textTypes[ext];
    if (!textType || !looksLikeText(data)) throw refuse();
    // An SVG must be one: XML whose root is <svg>.
    if (textType === 'image/svg+xml' && !/<svg[\s>]/i.test(data.subarray(0, 4096).toString('utf8')))
      throw refuse();
    type = textType;
  }
  if (kind === 'images' && !type.startsWith('image/')) throw refuse();
  return type;
};
