import { afterAll, beforeAll, expect } from 'vitest';
import { type PushedCall, type PushResponse, pushResponseSchema } from '../../domain/sync/wire';
import type { Row } from '../../server/resources/rows';
import { anAccount, aStockLocation, aStockProduct, aSuperUser, type TestUser } from './builders';
import { recordStatements } from './statementRecorder';
import { createTestApp, type TestApp } from './testApp';

/** What the push tests that count a receipt's statements share: one account, its stock, and the recorder. */
export interface ReceiptWorld {
  readonly t: TestApp;
  readonly acc: string;
  readonly admin: TestUser;
  readonly location: Row;
  readonly product: Row;
  readonly statements: ReturnType<typeof recordStatements>;
  /** One batch push as the account's super user; the answer's per-mutation results. */
  push(mutations: readonly PushedCall[]): Promise<PushResponse['results']>;
}

/** A test app with an account, its super user, a stock location and product, and every statement recorded. */
export const receiptWorld = (): ReceiptWorld => {
  let world: Omit<ReceiptWorld, 'push'> | undefined;
  beforeAll(async () => {
    const t = await createTestApp();
    const acc = await anAccount(t.ctx);
    world = {
      t,
      acc,
      admin: await aSuperUser(t.ctx, acc),
      location: await aStockLocation(t.ctx, acc),
      product: await aStockProduct(t.ctx, acc),
      statements: recordStatements(t.ctx.db),
    };
  });
  afterAll(async () => world?.t.close());
  const get = (): Omit<ReceiptWorld, 'push'> => {
    if (!world) throw new Error('the receipt world is used before its beforeAll');
    return world;
  };
  return {
    get t() {
      return get().t;
    },
    get acc() {
      return get().acc;
    },
    get admin() {
      return get().admin;
    },
    get location() {
      return get().location;
    },
    get product() {
      return get().product;
    },
    get statements() {
      return get().statements;
    },
    push: async (mutations) => {
      const { t, admin } = get();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: admin.headers,
        payload: { version: 1, mutations },
      });
      expect(res.statusCode, res.body).toBe(200);
      return pushResponseSchema.parse(res.json()).results;
    },
  };
};
