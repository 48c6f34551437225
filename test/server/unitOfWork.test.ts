import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DataChange } from '../../server/context';
import { runInUnit, UnitOfWork } from '../../server/unitOfWork';
import { testAppFixture } from '../support/testApp';

// The unit of work every write handler gets (server/unitOfWork.ts): what it holds and when it lets go.

const app = testAppFixture();

const aChange = (): DataChange => ({
  clientAccountId: randomUUID(),
  resourceType: 'product',
  id: randomUUID(),
  action: 'update',
});

/** The change notices published while `work` runs. */
const noticesDuring = async (work: () => Promise<unknown>): Promise<DataChange[]> => {
  const seen: DataChange[] = [];
  const subscription = app.t.ctx.changes.subscribe((c) => seen.push(c));
  try {
    await work().catch(() => undefined);
  } finally {
    subscription.unsubscribe();
  }
  return seen;
};

describe('unit of work', () => {
  it('holds change notices until it commits, and drops them when it rolls back', async () => {
    const [kept, dropped] = [aChange(), aChange()];
    let heldInside: DataChange[] = [];
    const seen = await noticesDuring(() =>
      runInUnit(app.t.ctx, async (unit) => {
        unit.publish(kept);
        heldInside = [...unit.changes];
      }),
    );
    expect(heldInside).toEqual([kept]);
    expect(seen).toEqual([kept]);
    const none = await noticesDuring(() =>
      runInUnit(app.t.ctx, async (unit) => {
        unit.publish(dropped);
        throw new Error('rolled back');
      }),
    );
    expect(none).toEqual([]);
  });

  it('keeps memories and reads ahead only when several calls share it', async () => {
    await app.t.ctx.db.transaction(async (tx) => {
      const alone = new UnitOfWork(tx);
      expect(alone.shared).toBe(false);
      expect(alone.memory({}, () => 1)).toBeUndefined();
      expect(alone.ahead()).toEqual({ productIds: [], locationIds: [], containers: [] });
      const hints = { productIds: ['p'], locationIds: ['l'], containers: ['c'] };
      const grouped = new UnitOfWork(tx, { ahead: () => hints });
      const owner = {};
      const memory = grouped.memory(owner, () => ({ n: 1 }));
      expect(grouped.memory(owner, () => ({ n: 2 }))).toBe(memory);
      expect(grouped.ahead()).toBe(hints);
      expect(grouped.call).toBe(0);
      grouped.beginCall();
      grouped.beginCall();
      expect(grouped.call).toBe(2);
    });
  });
});
