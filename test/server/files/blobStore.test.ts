import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BlobStore,
  blobKey,
  diskBlobStore,
  memoryBlobStore,
  s3BlobStore,
} from '../../../server/files/blobStore';

/** What every store must do, whatever keeps the bytes. */
const storeContract = (name: string, make: () => BlobStore) => {
  describe(`${name} store`, () => {
    const key = () => blobKey(randomUUID(), randomUUID());

    it('gives back what was put, byte for byte, and replaces it whole', async () => {
      const store = make();
      const k = key();
      const data = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
      await store.put(k, data);
      expect((await store.get(k))?.equals(data)).toBe(true);
      await store.put(k, Buffer.from('second'));
      expect((await store.get(k))?.toString()).toBe('second');
    });

    it('knows nothing of a key never put, and deletes idempotently', async () => {
      const store = make();
      const k = key();
      expect(await store.get(k)).toBeUndefined();
      await store.delete(k);
      await store.put(k, Buffer.from('x'));
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
    });

    it('refuses keys that are not two ids (no path or URL tricks)', async () => {
      const store = make();
      await expect(store.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow();
      await expect(store.get(`${randomUUID()}/../x`)).rejects.toThrow();
    });
  });
};

describe('file stores', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-blobs-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  storeContract('disk', () => diskBlobStore(dir));
  storeContract('memory', () => memoryBlobStore());

  it('the disk store writes one folder per account and leaves no temporary files', async () => {
    const store = diskBlobStore(dir);
    const account = randomUUID();
    await store.put(blobKey(account, randomUUID()), Buffer.from('a'));
    await store.put(blobKey(account, randomUUID()), Buffer.from('b'));
    const names = await readdir(join(dir, account));
    expect(names).toHaveLength(2);
    expect(names.some((n) => n.endsWith('.part'))).toBe(false);
  });
});

describe('S3-compatible store against a local server speaking the S3 object API', () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; authorization: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const authorization = String(req.headers.authorization ?? '');
        seen.push({ method: req.method ?? '', url: req.url ?? '', authorization });
        // Unsigned requests are refused, as S3 does.
        if (!authorization.startsWith('AWS4-HMAC-SHA256 Credential=test-key/')) {
          res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
          return;
        }
        const path = req.url ?? '';
        if (req.method === 'PUT') {
          objects.set(path, Buffer.concat(chunks));
          res.writeHead(200).end();
        } else if (req.method === 'GET') {
          const found = objects.get(path);
          if (found) res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(found);
          else res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        } else if (req.method === 'DELETE') {
          objects.delete(path);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const make = () =>
    s3BlobStore({
      kind: 's3',
      endpoint,
      bucket: 'aisle-files',
      region: 'eu-central-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      prefix: 'prod/',
    });

  storeContract('s3', make);

  it('addresses objects path-style under the bucket and prefix, with SigV4-signed requests', async () => {
    const k = blobKey(randomUUID(), randomUUID());
    await make().put(k, Buffer.from('signed'));
    const put = seen.find((r) => r.method === 'PUT' && r.url.endsWith(k));
    expect(put?.url).toBe(`/aisle-files/prod/${k}`);
    expect(put?.authorization).toMatch(
      /eu-central-1\/s3\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
    );
  });
});
