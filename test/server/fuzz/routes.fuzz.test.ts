import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../../server/http/routeList';
import {
  containerStockView,
  inventoryView,
  productStockView,
} from '../../../server/warehouse/stock/inventoryViews';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aRecord,
  aSuperUser,
  aUser,
  definitionOf,
  receiveStock,
} from '../../support/builders';
import { type FuzzRequest, requestsFor } from '../../support/fuzz/routeInputs';
import { hangGuardMs } from '../../support/hangGuard';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * The schema-driven fuzzer (issue 24): every route the router knows — so a new route is fuzzed without being
 * named here — gets requests built from its input schema where one is known (resource definitions, the push and
 * logistics-config zod schemas) or generic shapes, then broken: wrong types, NUL and lone surrogates, huge and
 * tiny numbers, NaN/Infinity as text, deep nesting, a megabyte of text, unknown fields, invalid UUIDs. No answer
 * may be a 5xx. `npm test` runs a fixed seed and budget; `npm run test:fuzz` a larger one (FUZZ_RUNS, FUZZ_SEED).
 * Every 5xx it found is a named regression test in test/server/http/hostileInput.test.ts.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 5);
const seed = Number(process.env.FUZZ_SEED ?? 242_024);

/** Routes whose answer is a stream kept open for a running job: not a request/response pair to fuzz. */
const streaming = (route: RouteEntry) => route.url.endsWith('/events');

let t: TestApp;
let bearer = '';
let ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const acc = await anAccount(t.ctx);
  const admin = await aSuperUser(t.ctx, acc);
  bearer = admin.token;
  const staff = await aUser(t.ctx, acc, { logisticsEnabled: true });
  const location = await anOrderLocation(t.ctx, acc);
  const product = await anOrderProduct(t.ctx, acc);
  const document = await receiveStock(t.ctx, admin, String(location.id), [
    { productId: product.id, quantity: 5, destinationContainer: 'BIN-1' },
  ]);
  const order = await anOrderRow(t.ctx, acc, {}, [{ productId: product.id, quantity: 2 }]);
  const company = await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc);
  ids = [
    String(admin.row.id),
    String(staff.row.id),
    String(location.id),
    String(product.id),
    String(document.id),
    ...document.positions.map((p) => String(p.id)),
    String(order.id),
    String(company.id),
  ];
});
afterAll(async () => t.close());

const shown = (request: FuzzRequest | undefined) =>
  JSON.stringify(request, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200
      ? `${value.slice(0, 200)}…(${value.length} chars)`
      : value,
  );

describe('fuzzing every route', () => {
  it(
    `answers no input with a 5xx (seed ${seed}, ${runs} runs per route)`,
    async () => {
      const routes = t.app.routeList.filter((r) => !streaming(r));
      expect(routes.length).toBeGreaterThan(150);
      const world = {
        definitions: [...t.ctx.schema.definitions, inventoryView, containerStockView, productStockView],
        ids,
        bearer,
      };
      const failures: string[] = [];
      const started = performance.now();
      let cases = 0;
      for (const route of routes) {
        const result = await fc.check(
          fc.asyncProperty(requestsFor(route, world), async (request) => {
            cases++;
            const hasBody = request.body !== undefined;
            const res = await t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: hasBody ? { ...request.headers, 'content-type': 'application/json' } : request.headers,
              ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
            });
            return res.statusCode < 500;
          }),
          // The first failing request is reported as it is (shrinking it could take minutes per route).
          { seed, numRuns: runs, endOnFailure: true },
        );
        if (result.failed) {
          failures.push(`${route.method} ${route.url}: ${shown(result.counterexample?.[0] as FuzzRequest)}`);
          console.log(`fuzz: 5xx at ${failures.at(-1)}`);
        }
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `fuzz: ${routes.length} routes, ${cases} cases, ${seconds.toFixed(1)} s, seed ${seed}, ${failures.length} routes answered a 5xx`,
      );
      expect(failures).toEqual([]);
      // The budget is a number of cases, not a time: a loaded machine takes longer, never fewer cases.
    },
    // Only a guard against a hang (when a 5-minute limit fired on a saturated machine, the app was closed under
    // the running loop and every later case answered 500, reported as 5xx of 180 routes).
    hangGuardMs,
  );
});
