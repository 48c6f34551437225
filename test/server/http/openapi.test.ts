import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsPaths } from '../../../server/http/openapiDocs';
import { openApiPath } from '../../../server/http/openapiDocument';
import { anAccount, aSuperUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

interface Operation {
  readonly requestBody?: { readonly content: Record<string, { readonly schema?: object }> };
  readonly responses: Record<string, unknown>;
  readonly security?: unknown[];
}
interface Document {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Operation>>;
}

/** Routes that are not part of the API: the docs page and its files, and the test-only clock. */
const undocumented = (url: string) =>
  url === apiDocsPaths.page ||
  url === apiDocsPaths.script ||
  url.startsWith(`${apiDocsPaths.assets}*`) ||
  /^\/api\/test\//i.test(url);

describe('the OpenAPI description (issue 19)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: apiDocsPaths.document });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });
  afterAll(async () => t.close());

  it('describes every registered route with its method and path', () => {
    const routes = t.app.routeList.filter((r) => !undocumented(r.url));
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('describes only routes that exist', () => {
    const registered = new Set(t.app.routeList.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const extra = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((route) => !registered.has(route)),
    );
    expect(extra).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("gives every failure the error catalogue's shape, and says which calls need a session", () => {
    const signIn = doc.paths['/api/Auth']?.post;
    const products = doc.paths['/api/Product']?.get;
    expect(signIn?.security).toEqual([]);
    expect(products?.security).toEqual([{ bearer: [] }]);
    expect(products?.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('describes the body the generic POST accepts: an example valid by the description is created', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const schema = doc.paths['/api/Product']?.post?.requestBody?.content['application/json']?.schema;
    expect(schema).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema as object);

    const example = {
      index: 'OPENAPI-1',
      name: 'Described product',
      weight: '2.5',
      fragile: true,
      barcodes: ['5901234123457'],
    };
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    const created = await t.call(admin, 'POST', '/api/Product', example);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ index: 'OPENAPI-1', weight: 2.5 });

    // What the description refuses, the route refuses too: a required field missing, a number out of bounds.
    const bad = { name: 'No index', weight: -1 };
    expect(validate(bad)).toBe(false);
    const refused = await t.call(admin, 'POST', '/api/Product', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'formHasErrors' });
  });

  it('serves the page and its files from this server without signing in', async () => {
    const page = await t.app.inject({ method: 'GET', url: apiDocsPaths.page });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Every script and stylesheet is this server's own (the page works offline, and the CSP allows nothing else).
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith('/api/docs/'), asset).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
      // No stylesheet pulls fonts or styles from elsewhere.
      if (asset.endsWith('.css')) expect(/@import|url\(\s*['"]?https?:/i.test(res.body), asset).toBe(false);
    }
    const script = await t.app.inject({ method: 'GET', url: apiDocsPaths.script });
    expect(script.body).toContain(apiDocsPaths.document);
    expect(script.body).toContain('validatorUrl: null');
    // The package's demo page (which points at a public example API) is not served.
    const demo = await t.app.inject({ method: 'GET', url: '/api/docs/index.html' });
    expect(demo.statusCode).toBe(404);
  });
});
