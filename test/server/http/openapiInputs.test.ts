import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsPaths } from '../../../server/http/openapiDocs';
import { openApiPath } from '../../../server/http/openapiDocument';
import { anAccount, aSuperUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

interface Operation {
  readonly requestBody?: unknown;
  readonly parameters?: readonly { readonly in: string; readonly name: string }[];
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
}

type Input = 'body' | 'query';

/**
 * Property reads that are not a handler reading a field of its input: promise checks, serialisation and the
 * inspection of values by libraries and the test runner.
 */
const notFieldReads = new Set([
  'then',
  'toJSON',
  'constructor',
  'valueOf',
  'toString',
  'inspect',
  'nodeType',
]);

/** Routes not to call: the docs page, the test clock, and streams kept open for a running job. */
const skipped = (url: string) =>
  url.startsWith(apiDocsPaths.assets) ||
  url === apiDocsPaths.page ||
  /^\/api\/test\//i.test(url) ||
  url.endsWith('/events');

/**
 * Every route whose handler reads a field of its JSON body or of its query string has that input in the OpenAPI
 * description (which takes it from the zod schema the handler parses with, server/http/openapiRoutes.ts). The
 * routes are not listed here: each registered route is called once as a super user, with an empty JSON body and
 * no query, and the input objects it is given record whether anything reads a field of them (a zod schema reads
 * each of its fields). A route that refuses before it reads its input (a record that does not exist, another
 * module's session) is not caught by this walk; the count below keeps the walk from passing by catching none.
 */
describe('the OpenAPI description of request inputs (issue 19)', () => {
  let t: TestApp;
  let doc: Document;
  const read = new Map<string, Set<Input>>();

  beforeAll(async () => {
    t = await createTestApp();
    const watched = (request: FastifyRequest, input: Input): object =>
      new Proxy(
        {},
        {
          get(target, property, receiver) {
            if (typeof property === 'string' && !notFieldReads.has(property)) {
              const key = `${request.method} ${request.routeOptions.url ?? ''}`;
              const inputs = read.get(key) ?? new Set<Input>();
              inputs.add(input);
              read.set(key, inputs);
            }
            return Reflect.get(target, property, receiver);
          },
        },
      );
    // Added before the server starts (the first call starts it), so it runs for every route.
    t.app.addHook('preHandler', async (request) => {
      request.query = watched(request, 'query');
      if (request.body !== undefined) request.body = watched(request, 'body');
    });
    const res = await t.app.inject({ method: 'GET', url: apiDocsPaths.document });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
    // Starting a server on a busy machine (two cores, several test runs) can take minutes.
  }, 600_000);
  afterAll(async () => t.close());

  it('describes the body or query of every route that reads one', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc, { logisticsEnabled: true, terminalEnabled: true });
    for (const route of t.app.routeList) {
      if (skipped(route.url)) continue;
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*$/, 'x');
      const withBody = route.method !== 'GET';
      await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: admin.headers,
        ...(withBody ? { payload: {} } : {}),
      });
    }

    const missing: string[] = [];
    for (const [key, inputs] of read) {
      const [method = '', url = ''] = key.split(' ');
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (inputs.has('body') && !operation?.requestBody) missing.push(`${key}: body`);
      if (inputs.has('query') && !operation?.parameters?.some((p) => p.in === 'query'))
        missing.push(`${key}: query`);
    }
    expect(missing).toEqual([]);
    // The walk reaches the input of most routes that have one (the rest refuse first: no such record).
    expect(read.size).toBeGreaterThan(60);
    // Some three hundred calls, one after another.
  }, 600_000);
});
