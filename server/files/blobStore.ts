import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { AppContext } from '../context';
import type { FileStoreConfig } from '../office/officeConfig';

/**
 * Where the bytes of attached files live, by key (`<clientAccountId>/<fileInfoId>`). File metadata stays in
 * the database (fileInfo); the store only keeps bytes. Implementations: a directory (default, DATA_DIR/files),
 * an S3-compatible bucket (several server processes on one database share it), memory (tests without a
 * data directory).
 */
export interface BlobStore {
  readonly kind: FileStoreConfig['kind'];
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when the key is not stored. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the bytes; a key that is not stored is fine. */
  delete(key: string): Promise<void>;
}

/** Keys are made by the server from two UUIDs: anything else never reaches a path or a URL. */
const keyPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const blobKey = (clientAccountId: string, fileInfoId: string): string => {
  const key = `${clientAccountId}/${fileInfoId}`.toLowerCase();
  if (!keyPattern.test(key)) throw new Error(`not a file key: ${key}`);
  return key;
};

const checked = (key: string): string => {
  if (!keyPattern.test(key)) throw new Error(`not a file key: ${key}`);
  return key;
};

const isMissing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** Files under a directory, one folder per account; written to a temporary name, then renamed (never half a file). */
export const diskBlobStore = (dir: string): BlobStore => ({
  kind: 'disk',
  async put(key, data) {
    const path = join(dir, checked(key));
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  },
  async get(key) {
    try {
      return await readFile(join(dir, checked(key)));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },
  async delete(key) {
    await rm(join(dir, checked(key)), { force: true });
  },
});

/** Bytes in memory: for tests and a server without a data directory. */
export const memoryBlobStore = (): BlobStore => {
  const blobs = new Map<string, Buffer>();
  return {
    kind: 'memory',
    async put(key, data) {
      blobs.set(checked(key), Buffer.from(data));
    },
    async get(key) {
      return blobs.get(checked(key));
    },
    async delete(key) {
      blobs.delete(checked(key));
    },
  };
};

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, Backblaze B2, …) through signed HTTP requests (SigV4,
 * path-style addressing: `<endpoint>/<bucket>/<prefix><key>`).
 */
export const s3BlobStore = (
  config: Extract<FileStoreConfig, { kind: 's3' }>,
  fetchImpl = fetch,
): BlobStore => {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const url = (key: string) =>
    `${config.endpoint}/${encodeURIComponent(config.bucket)}/${config.prefix}${checked(key)}`;
  const send = async (method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer) => {
    const request = await client.sign(url(key), {
      method,
      ...(body
        ? { body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } }
        : {}),
    });
    return fetchImpl(request);
  };
  return {
    kind: 's3',
    async put(key, data) {
      const res = await send('PUT', key, data);
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${await res.text()}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status} ${await res.text()}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404)
        throw new Error(`S3 DELETE ${key}: ${res.status} ${await res.text()}`);
    },
  };
};

export const createBlobStore = (config: FileStoreConfig): BlobStore => {
  switch (config.kind) {
    case 'disk':
      return diskBlobStore(config.dir);
    case 's3':
      if (!config.endpoint || !config.bucket)
        throw new Error('FILE_STORE=s3 needs S3_ENDPOINT and S3_BUCKET (see README, "Files")');
      return s3BlobStore(config);
    case 'memory':
      return memoryBlobStore();
  }
};

const stores = new WeakMap<AppContext, BlobStore>();

/** The app's one store, made from its configuration on first use. */
export const blobStoreOf = (ctx: AppContext): BlobStore => {
  let store = stores.get(ctx);
  if (!store) {
    store = createBlobStore(ctx.config.office.files);
    stores.set(ctx, store);
  }
  return store;
};
