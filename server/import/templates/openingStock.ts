import { hasAccess, isContractor } from '../../../domain/auth/claims';
import { AppError } from '../../../domain/errors';
import type { ImportProblem } from '../../../domain/import/importColumn';
import { importColumn } from '../../../domain/import/resourceColumns';
import type { Tx } from '../../db/client';
import { translate } from '../../i18n';
import type { Row } from '../../resources/rows';
import { UnitOfWork } from '../../unitOfWork';
import { documentServiceOf } from '../../warehouse/documents/documentService';
import { defineImportTemplate, type ImportRow } from '../importTemplate';
import { idsByName, notFound, textOf } from '../templateKit';

/** Position fields of a document line behind the template's columns (for the rules' issues). */
const columnOfField: Readonly<Record<string, string>> = {
  productId: 'productIndex',
  destinationLocationId: 'locationLabel',
  destinationContainer: 'containerNumber',
  quantity: 'quantity',
  serialNumber: 'serialNumber',
  prodDate: 'prodDate',
  expDate: 'expDate',
};

/** A refusal of the document as problems of the rows it concerns; a header refusal concerns every row. */
const problemsOf = (err: AppError, lines: readonly number[]): ImportProblem[] => {
  const out: ImportProblem[] = [];
  for (const issue of err.issues ?? []) {
    const at = issue.positionIndex === undefined ? lines : [lines[issue.positionIndex] ?? 0];
    for (const line of at)
      out.push({
        line,
        ...(issue.field && columnOfField[issue.field] ? { column: columnOfField[issue.field] } : {}),
        code: issue.code,
        ...(issue.params ? { params: issue.params } : {}),
      });
  }
  for (const f of err.fields ?? []) {
    const m = /^positions\.(\d+)\.(\w+)$/.exec(f.field);
    const at = m ? [lines[Number(m[1])] ?? 0] : lines;
    for (const line of at)
      out.push({
        line,
        ...(m?.[2] && columnOfField[m[2]] ? { column: columnOfField[m[2]] } : {}),
        code: f.rule,
        ...(f.params ? { params: f.params } : {}),
      });
  }
  return out.length ? out : lines.map((line) => ({ line, code: err.code }));
};

/** Rows of a batch that the document rules refused are left out and the rest tried again, this many times. */
const maxAttempts = 5;

/**
 * Opening stock: each batch of rows becomes one confirmed direct receipt (DIN) made by the document service,
 * so the same rules as any document apply (required batch attributes, locations that hold stock, locks, expiry,
 * capacity…): a row the rules refuse is a problem of that row, never stock that breaks a rule.
 */
export const openingStockTemplate = defineImportTemplate<null>({
  key: 'openingStock',
  order: 60,
  title: 'imports:templates.openingStock',
  batchSize: 500,
  columns: [
    importColumn('productIndex', 'text', 'P-1001', true),
    importColumn('locationLabel', 'text', 'A-01-01', true),
    importColumn('containerNumber', 'text', ''),
    importColumn('quantity', 'decimal', 24),
    importColumn('serialNumber', 'text', 'LOT-2024-17'),
    importColumn('prodDate', 'date', '2024-05-01'),
    importColumn('expDate', 'date', '2026-05-01'),
  ],
  allowed: (scope) =>
    !isContractor(scope.claims) && hasAccess(scope.claims, 'power') && hasAccess(scope.claims, 'logistics'),
  start: () => null,
  async importBatch(work) {
    const problems: ImportProblem[] = [];
    const products = await idsByName(
      work,
      'product',
      'index',
      work.rows.flatMap((r) => textOf(r.values.productIndex) ?? []),
    );
    const locations = await idsByName(
      work,
      'storageSpace',
      'label',
      work.rows.flatMap((r) => textOf(r.values.locationLabel) ?? []),
    );
    let lines: { row: ImportRow; position: Row }[] = [];
    for (const row of work.rows) {
      const v = row.values;
      const product = textOf(v.productIndex) ?? '';
      const location = textOf(v.locationLabel) ?? '';
      const productId = products.get(product.toLowerCase());
      const locationId = locations.get(location.toLowerCase());
      if (!productId) problems.push(notFound(row.line, 'productIndex', product));
      if (!locationId) problems.push(notFound(row.line, 'locationLabel', location));
      if (!productId || !locationId) continue;
      lines.push({
        row,
        position: {
          productId,
          quantity: v.quantity ?? 0,
          destinationLocationId: locationId,
          destinationContainer: textOf(v.containerNumber),
          serialNumber: textOf(v.serialNumber),
          prodDate: v.prodDate ?? null,
          expDate: v.expDate ?? null,
        },
      });
    }
    const service = documentServiceOf(work.ctx);
    const comment = translate(work.scope.claims.lng, 'imports', 'openingStockComment');
    for (let attempt = 1; lines.length && attempt <= maxAttempts; attempt++) {
      const batch = lines;
      try {
        // A savepoint of the import's transaction is the document's unit: its notices go with the import's.
        const document = await work.tx.transaction(async (sp) => {
          const unit = new UnitOfWork(sp as unknown as Tx);
          const saved = await service.create(
            unit,
            work.scope,
            { typeCode: 'DIN', comment, positions: batch.map((l) => l.position) },
            { confirm: true },
          );
          work.changes.push(...unit.changes);
          return saved;
        });
        return {
          saved: batch.map((l, i) => ({ line: l.row.line, record: { ...(document.positions[i] ?? {}) } })),
          problems,
        };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const refused = problemsOf(
          err,
          batch.map((l) => l.row.line),
        );
        const refusedLines = new Set(refused.map((p) => p.line));
        // Refusals of the whole document (no line of its own) end the batch: every row is refused.
        if (attempt === maxAttempts || refusedLines.size === batch.length) {
          problems.push(...refused);
          for (const l of batch)
            if (!refusedLines.has(l.row.line)) problems.push({ line: l.row.line, code: err.code });
          break;
        }
        problems.push(...refused);
        lines = batch.filter((l) => !refusedLines.has(l.row.line));
      }
    }
    return { saved: [], problems };
  },
});
