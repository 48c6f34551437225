import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoScope } from '../../../server/demo/demoScope';
import type { RowSource } from '../../../server/import/fileSource';
import { type ImportProgress, prepareImport, runImport } from '../../../server/import/importRunner';
import type { DefinedImportTemplate } from '../../../server/import/importTemplate';
import { productsTemplate } from '../../../server/import/templates/products';
import type { Scope } from '../../../server/resources/scope';
import { anAccount, aPowerUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;
let acc: string;
let scope: Scope;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  scope = demoScope((await aPowerUser(t.ctx, acc)).row);
});
afterAll(async () => t.close());

/** Rows as a source: a header and `count` products `<prefix>-<n>`; bytes read = rows handed out. */
const productRows = (prefix: string, count: number): RowSource => {
  let read = 0;
  async function* rows() {
    yield { line: 1, cells: ['index', 'name'] };
    for (let i = 0; i < count; i++) {
      read = i + 1;
      yield { line: i + 2, cells: [`${prefix}-${i}`, `Runner product ${i}`] };
    }
  }
  return { rows: rows(), bytesRead: () => read };
};

const storedWith = async (prefix: string) => {
  const table = t.ctx.schema.resourceTables.product!;
  return t.ctx.db
    .select()
    .from(table)
    .where(and(eq(table.clientAccountId!, acc), like(table.index!, `${prefix}-%`)));
};

/** The products template saving 2 rows a batch, so a small file runs in many batches. */
const smallBatches: DefinedImportTemplate = { ...(productsTemplate as DefinedImportTemplate), batchSize: 2 };

const run = async (
  template: DefinedImportTemplate,
  source: RowSource,
  options: { cancelAfterBatches?: number } = {},
) => {
  const progress: ImportProgress[] = [];
  const result = await runImport({
    ctx: t.ctx,
    scope,
    template,
    prepared: await prepareImport(template, source, 'en-us'),
    mode: 'allOrNothing',
    onProgress: (p) => {
      progress.push(p);
    },
    cancelled: () =>
      options.cancelAfterBatches !== undefined && progress.length >= options.cancelAfterBatches,
  });
  return { result, progress };
};

describe('the import runner: batches in one transaction', () => {
  it('reports progress after every batch and keeps every row when none has a problem', async () => {
    const { result, progress } = await run(smallBatches, productRows('RUN-OK', 7));
    expect(result).toMatchObject({ kept: true, cancelled: false, rowsRead: 7, rowsImported: 7 });
    expect(progress.map((p) => p.rowsImported)).toEqual([2, 4, 6, 7]);
    expect(progress.map((p) => p.bytesRead)).toEqual([2, 4, 6, 7]);
    expect(await storedWith('RUN-OK')).toHaveLength(7);
  });

  it('a cancel between batches keeps nothing of the batches already saved', async () => {
    const { result, progress } = await run(smallBatches, productRows('RUN-CANCEL', 9), {
      cancelAfterBatches: 2,
    });
    expect(result).toMatchObject({ kept: false, cancelled: true });
    expect(progress).toHaveLength(2);
    expect(await storedWith('RUN-CANCEL')).toEqual([]);
  });

  it('a failure in a later batch (the database, a bug) leaves nothing half-imported', async () => {
    let batches = 0;
    const failing: DefinedImportTemplate = {
      ...smallBatches,
      importBatch: async (args) => {
        batches += 1;
        if (batches === 3) throw new Error('the disk is full');
        return smallBatches.importBatch(args);
      },
    };
    await expect(run(failing, productRows('RUN-FAIL', 9))).rejects.toThrow('the disk is full');
    expect(batches).toBe(3);
    expect(await storedWith('RUN-FAIL')).toEqual([]);
  });
});
