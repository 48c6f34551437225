import type { NewFile } from '../files/fileStore';
import { checkedRemoteUrl, fetchRemote, SourceError } from './remoteAddress';

/** A photo read from an address: the file to store, or why there is none (in words, for a warning). */
export interface FetchedPhoto {
  readonly file?: NewFile;
  readonly warning?: string;
}

const maxBytes = 10 * 1024 * 1024;

/** Image kinds a catalyst photo may be, by their first bytes (the address's own content type is not trusted). */
const kinds: readonly {
  readonly type: string;
  readonly ext: string;
  readonly test: (b: Buffer) => boolean;
}[] = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    type: 'image/webp',
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The file name a photo is stored under: the address's last part, or "photo", with the kind's extension. */
const fileNameOf = (url: URL, ext: string): string => {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').replace(/[^\w.\- ]+/g, '_');
  const base = last.replace(/\.[^.]*$/, '').slice(0, 100) || 'photo';
  return `${base}.${ext}`;
};

/**
 * Fetches a catalyst photo named by an address (the import's imageUrl): http or https, not on this network unless
 * allowed, at most 10 MB, and a JPEG, PNG, GIF or WebP by its content. Never throws: an address that cannot give a
 * photo gives the reason instead.
 */
export const catalystPhotoOf = async (address: string, allowPrivate: boolean): Promise<FetchedPhoto> => {
  try {
    const url = await checkedRemoteUrl(address, allowPrivate);
    const { body } = await fetchRemote(url, { accept: 'image/*', timeoutMs: 15_000, maxBytes });
    const kind = kinds.find((k) => k.test(body));
    if (!kind) return { warning: 'the answer is not a JPEG, PNG, GIF or WebP image' };
    return { file: { fileName: fileNameOf(url, kind.ext), contentType: kind.type, data: body } };
  } catch (error) {
    if (error instanceof SourceError) return { warning: error.message };
    return { warning: error instanceof Error ? error.message : String(error) };
  }
};
