import { and, eq, inArray } from 'drizzle-orm';
import type { ImportProblem } from '../../../domain/import/importColumn';
import { importColumn, resourceColumns } from '../../../domain/import/resourceColumns';
import { canWrite } from '../../../domain/resources/access';
import { productResource } from '../../../domain/resources/definitions/product';
import { productGroupResource } from '../../../domain/resources/definitions/productGroup';
import { productBarcode } from '../../db/internalTables';
import { barcodeKey, barcodesOf, distinctBarcodes } from '../../warehouse/records/productBarcodes';
import { defineImportTemplate } from '../importTemplate';
import {
  idsByName,
  ifGiven,
  namedRecords,
  notFound,
  type PlannedRecord,
  savePlan,
  textOf,
} from '../templateKit';

interface ProductsState {
  readonly seen: Map<string, number>;
  /** Barcode key → line of the row that brought it (two rows of one file cannot share a barcode). */
  readonly barcodes: Map<string, number>;
  /** Product group name (lower case) → id: groups found or made earlier in this import. */
  readonly groups: Map<string, string>;
}

/**
 * Products: index and name required; groups by name (made when missing), contractor by short name, barcodes
 * separated by "|", ";" or ","; lot (serial), production and expiry date requirements. A row whose index is
 * stored already updates that product.
 */
export const productsTemplate = defineImportTemplate<ProductsState>({
  key: 'products',
  order: 10,
  title: 'resources:product.title',
  columns: [
    ...resourceColumns(productResource, { index: 'P-1001', name: 'Blue mug 300 ml' }),
    ...resourceColumns(productResource, { barcodes: '5901234123457', sapId: 'SAP-1001' }),
    importColumn('productGroupName', 'text', 'Kitchen'),
    importColumn('contractorShortName', 'text', ''),
    ...resourceColumns(
      productResource,
      {
        unit: 'pcs',
        weight: 0.35,
        dimensionX: 9,
        dimensionY: 9,
        dimensionZ: 11,
        minTemperature: '',
        maxTemperature: '',
        minimalExpDays: 0,
        warningStock: 20,
        criticalStock: 5,
        cashValue: 4.5,
        paletteQuantity: 480,
        requiredSerial: false,
        requiredProdDate: false,
        requiredExpDate: false,
        visibleSerial: false,
        visibleProdDate: false,
        visibleExpDate: false,
        fragile: true,
        lockIn: false,
        lockOut: false,
        commentIn: '',
        commentOut: '',
        commentInternal: '',
        url: '',
        imageUrl: '',
      },
      ['minTemperature', 'maxTemperature'],
    ),
  ],
  allowed: (scope) => canWrite(productResource, scope.claims) && canWrite(productGroupResource, scope.claims),
  start: () => ({ seen: new Map(), barcodes: new Map(), groups: new Map() }),
  async importBatch(work) {
    const { rows, state } = work;
    const problems: ImportProblem[] = [];
    const contractors = await idsByName(
      work,
      'company',
      'shortName',
      rows.flatMap((r) => textOf(r.values.contractorShortName) ?? []),
    );
    const groups = await namedRecords(work, {
      resource: 'productGroup',
      field: 'name',
      names: rows.flatMap((r) => textOf(r.values.productGroupName) ?? []),
      known: state.groups,
    });
    const planned: PlannedRecord[] = [];
    for (const row of rows) {
      const { productGroupName, contractorShortName, ...fields } = row.values;
      const group = textOf(productGroupName);
      const contractor = textOf(contractorShortName);
      const contractorId = contractor ? contractors.get(contractor.toLowerCase()) : null;
      if (contractor && !contractorId) {
        problems.push(notFound(row.line, 'contractorShortName', contractor));
        continue;
      }
      const mainGroupId = group ? groups.get(group.toLowerCase()) : null;
      if (mainGroupId === undefined) {
        problems.push({ line: row.line, column: 'productGroupName', code: 'invalidValue' });
        continue;
      }
      planned.push({
        line: row.line,
        input: {
          ...fields,
          ...ifGiven(fields, 'barcodes', 'barcodes', distinctBarcodes(barcodesOf(fields.barcodes))),
          ...ifGiven(row.values, 'productGroupName', 'mainGroupId', mainGroupId),
          ...ifGiven(row.values, 'contractorShortName', 'contractorId', contractorId),
        },
      });
    }
    return savePlan(
      work,
      { planned, problems },
      {
        def: productResource,
        keyField: 'index',
        seen: state.seen,
        columnOf: { mainGroupId: 'productGroupName', contractorId: 'contractorShortName' },
        // A barcode of another product (stored, or on an earlier row of the file) refuses the row.
        check: async (w, records) => {
          const keysOf = new Map(
            records.map((r) => [r.line, distinctBarcodes(barcodesOf(r.values.barcodes)).map(barcodeKey)]),
          );
          const all = [...new Set([...keysOf.values()].flat())];
          const owners = new Map<string, string>();
          if (all.length)
            for (const r of await w.tx
              .select({ barcode: productBarcode.barcode, productId: productBarcode.productId })
              .from(productBarcode)
              .where(
                and(
                  eq(productBarcode.clientAccountId, w.scope.clientAccountId),
                  inArray(productBarcode.barcode, all),
                ),
              ))
              owners.set(r.barcode, r.productId);
          const refused: ImportProblem[] = [];
          for (const r of records) {
            const keys = keysOf.get(r.line) ?? [];
            const taken = keys.filter((k) => {
              const owner = owners.get(k);
              const earlier = state.barcodes.get(k);
              return (
                (owner !== undefined && owner !== r.existingId) ||
                (earlier !== undefined && earlier !== r.line)
              );
            });
            if (taken.length) {
              refused.push({
                line: r.line,
                column: 'barcodes',
                code: 'uniqueConflict',
                params: { barcode: taken.join(', ') },
              });
              continue;
            }
            for (const k of keys) state.barcodes.set(k, r.line);
          }
          return refused;
        },
        afterWrite: async (w, written) => {
          const updated = written.filter((x) => x.row.version !== 1).map((x) => String(x.row.id));
          if (updated.length)
            await w.tx.delete(productBarcode).where(inArray(productBarcode.productId, updated));
          const values = written.flatMap((x) =>
            distinctBarcodes(barcodesOf(x.row.barcodes)).map((b) => ({
              clientAccountId: w.scope.clientAccountId,
              barcode: barcodeKey(b),
              productId: String(x.row.id),
            })),
          );
          for (let i = 0; i < values.length; i += 1000)
            await w.tx.insert(productBarcode).values(values.slice(i, i + 1000));
        },
      },
    );
  },
});
