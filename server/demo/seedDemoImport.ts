import type { AppContext } from '../context';
import type { RowSource } from '../import/fileSource';
import { ImportJobs } from '../import/importJobs';
import { prepareImport } from '../import/importRunner';
import { loadImportTemplates } from '../import/templateRegistry';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';

/** Rows of a file as the import reads them: the header first, lines counted from 1. */
const rowsOf = (rows: readonly (readonly (string | number)[])[]): RowSource => {
  let read = 0;
  async function* all() {
    for (const [i, cells] of rows.entries()) {
      read = i + 1;
      yield { line: i + 1, cells };
    }
  }
  return { rows: all(), bytesRead: () => read };
};

/**
 * One import in the demo's history (the import screen lists it): the manager updated the warning and critical
 * stock of five products from a file, skipping its one bad row, whose problem is in the report.
 */
export const seedDemoImport = async (
  ctx: AppContext,
  manager: Scope,
  products: readonly Row[],
): Promise<void> => {
  const template = (await loadImportTemplates()).find((t) => t.key === 'products');
  if (!template) return;
  const picked = products.slice(0, 5);
  const lines = picked.map((p, i) => [String(p.index), String(p.name), 10 + i * 5, 2 + i]);
  const bad = picked[0] ? [[String(picked[0].index), String(picked[0].name), 'a lot', 1]] : [];
  const rows = [['Index', 'Name', 'Warning stock level', 'Critical stock level'], ...lines, ...bad];
  const jobs = new ImportJobs(ctx, [template]);
  const started = await jobs.start({
    scope: manager,
    template,
    prepared: await prepareImport(template, rowsOf(rows), 'en-us'),
    mode: 'skipBadRows',
    fileName: 'stock-levels.csv',
    bytesTotal: rows.length,
    dispose: async () => undefined,
  });
  await started.finished;
};
