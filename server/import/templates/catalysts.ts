import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { CellValue, ImportColumn, ImportProblem } from '../../../domain/import/importColumn';
import { importColumn, resourceColumns } from '../../../domain/import/resourceColumns';
import { canWrite } from '../../../domain/resources/access';
import { catalystResource } from '../../../domain/resources/definitions/catalyst';
import { catalystPhotoOf, type FetchedPhoto } from '../../catalyst/catalystPhoto';
import type { StockContent } from '../../catalyst/catalystWrite';
import { saveCatalyst } from '../../catalyst/catalystWrite';
import type { DataChange } from '../../context';
import type { Tx } from '../../db/client';
import { downloadUrlOf, FileStore } from '../../files/fileStore';
import { ResourceService } from '../../resources/resourceService';
import type { Row } from '../../resources/rows';
import type { ImportWork } from '../importTemplate';
import { defineImportTemplate } from '../importTemplate';
import { columnOf, definitionOf, namedRecords, tableOf, textOf } from '../templateKit';

/** The metal columns of the template and the metal rate (by its short name) each fills. */
const metalColumns = [
  ['pt', 'Pt', 1.2],
  ['pd', 'Pd', 2.1],
  ['rh', 'Rh', 0.3],
] as const;

/** A column whose header is a text of the import namespace but whose key is the template's own name. */
const labelled = (key: string, label: string, example: string): ImportColumn => ({
  ...importColumn(key, 'text', example),
  label: `imports:columns.${label}`,
});

interface CatalystsState {
  /** Catalyst name (lower case) → line of the row that brought it: a name twice in one file is refused. */
  readonly seen: Map<string, number>;
  readonly producers: Map<string, string>;
  readonly groups: Map<string, string>;
}

/** How many photos are fetched at once. */
const photoFetches = 4;

/** The stored catalysts of the batch's names (lower case) with their metals and photo. */
const storedByName = async (work: ImportWork, names: readonly string[]) => {
  const table = tableOf(work, 'catalyst');
  const out = new Map<string, { id: string; content: StockContent[]; hasPhoto: boolean }>();
  if (!names.length) return out;
  const rows = await work.tx
    .select({
      id: columnOf(table, 'id'),
      name: columnOf(table, 'name'),
      content: columnOf(table, 'productStockContent'),
      imageUrl: columnOf(table, 'imageUrl'),
    })
    .from(table)
    .where(
      and(
        eq(columnOf(table, 'clientAccountId'), work.scope.clientAccountId),
        inArray(sql`lower(${columnOf(table, 'name')})`, names),
      ),
    )
    .orderBy(columnOf(table, 'createdAt'));
  for (const r of rows) {
    const key = String(r.name).toLowerCase();
    if (!out.has(key))
      out.set(key, {
        id: String(r.id),
        content: Array.isArray(r.content) ? (r.content as StockContent[]) : [],
        hasPhoto: typeof r.imageUrl === 'string' && r.imageUrl !== '',
      });
  }
  return out;
};

/** The company's metal rates by short name (lower case). */
const metalIds = async (work: ImportWork): Promise<Map<string, string>> => {
  const table = tableOf(work, 'companyStockRateRule');
  const rows = await work.tx
    .select({ id: columnOf(table, 'id'), shortName: columnOf(table, 'shortName') })
    .from(table)
    .where(eq(columnOf(table, 'clientAccountId'), work.scope.clientAccountId));
  return new Map(rows.map((r) => [String(r.shortName).toLowerCase(), String(r.id)]));
};

/** Runs `work` for every item, at most `limit` at a time. */
const inPool = async <T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> => {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
};

/** The file's column behind a field of the catalyst, for problems. */
const columnOfField: Readonly<Record<string, string>> = {
  producerId: 'producerName',
  catalystGroupId: 'productGroupName',
  productStockContent: 'pt',
};

const numberOf = (value: CellValue | undefined): number => (typeof value === 'number' ? value : 0);

/**
 * Catalyst products (the mobile app's price catalogue): name required; producer and catalyst group by name (made
 * when missing); weight, humidity and the grams per kg of Pt, Pd and Rh, empty numbers 0; a photo fetched from
 * its address. A row whose name is stored already updates that catalyst (only the columns the file has). A photo
 * that cannot be fetched leaves the row saved without it and a warning naming the line.
 */
export const catalystsTemplate = defineImportTemplate<CatalystsState>({
  key: 'catalysts',
  order: 70,
  title: 'resources:catalyst.title',
  columns: [
    labelled('imageUrl', 'imageUrl', 'https://example.com/photos/kat-1.jpg'),
    labelled('producerName', 'producerName', 'Bosal'),
    ...resourceColumns(catalystResource, { name: 'KAT 1K0 131 701' }),
    labelled('productGroupName', 'catalystGroupName', 'Ceramic'),
    ...resourceColumns(catalystResource, { weight: 1.45, humidity: 4 }),
    ...metalColumns.map(([key, , example]) => ({ ...importColumn(key, 'decimal', example) })),
  ],
  batchSize: 200,
  allowed: (scope) => canWrite(catalystResource, scope.claims),
  start: () => ({ seen: new Map(), producers: new Map(), groups: new Map() }),
  async importBatch(work) {
    const { rows, state, scope } = work;
    const problems: ImportProblem[] = [];
    const warnings: ImportProblem[] = [];
    const saved: { line: number; record: Row }[] = [];
    const names = (column: string) => rows.flatMap((r) => textOf(r.values[column]) ?? []);
    const producers = await namedRecords(work, {
      resource: 'catalystProducer',
      field: 'name',
      names: names('producerName'),
      known: state.producers,
    });
    const groups = await namedRecords(work, {
      resource: 'catalystGroup',
      field: 'name',
      names: names('productGroupName'),
      known: state.groups,
    });
    const metals = await metalIds(work);
    const stored = await storedByName(
      work,
      names('name').map((n) => n.toLowerCase()),
    );

    // Photos are fetched before anything is written, a few at a time, for catalysts that have none yet.
    const wantsPhoto = rows.filter((r) => {
      const name = textOf(r.values.name)?.toLowerCase();
      return textOf(r.values.imageUrl) !== null && !(name && stored.get(name)?.hasPhoto);
    });
    const photos = new Map<number, FetchedPhoto>();
    const allowPrivate = work.ctx.config.catalystPrivateSources;
    const fetched = await inPool(wantsPhoto, photoFetches, (r) =>
      catalystPhotoOf(String(textOf(r.values.imageUrl)), allowPrivate),
    );
    wantsPhoto.forEach((r, i) => {
      const photo = fetched[i];
      if (photo) photos.set(r.line, photo);
    });

    const files = new FileStore(work.ctx);
    const def = definitionOf(work, 'catalyst');
    const service = new ResourceService(work.ctx, def);

    for (const row of rows) {
      const { values, line } = row;
      const name = textOf(values.name);
      if (!name) {
        problems.push({ line, column: 'name', code: 'required' });
        continue;
      }
      const key = name.toLowerCase();
      const first = state.seen.get(key);
      if (first !== undefined) {
        problems.push({ line, column: 'name', code: 'importDuplicateRow', params: { line: first } });
        continue;
      }
      const existing = stored.get(key);
      // The name finds the catalyst to update; it keeps its stored spelling.
      const input: Row = existing ? {} : { name };
      const refused: ImportProblem[] = [];
      for (const [column, field, found] of [
        ['producerName', 'producerId', producers],
        ['productGroupName', 'catalystGroupId', groups],
      ] as const) {
        if (!(column in values)) continue;
        const named = textOf(values[column]);
        const id = named ? found.get(named.toLowerCase()) : null;
        if (id === undefined) refused.push({ line, column, code: 'invalidValue' });
        else input[field] = id;
      }
      if ('weight' in values) input.weight = numberOf(values.weight);
      if ('humidity' in values) input.humidity = numberOf(values.humidity);
      if (metalColumns.some(([column]) => column in values)) {
        const content = new Map((existing?.content ?? []).map((c) => [c.baseStockId, c.gramsPerKg]));
        for (const [column, symbol] of metalColumns) {
          if (!(column in values)) continue;
          const grams = numberOf(values[column]);
          const metalId = metals.get(symbol.toLowerCase());
          if (metalId) content.set(metalId, grams);
          // A metal the company does not price yet may stay empty; grams of it cannot be kept.
          else if (grams > 0)
            refused.push({ line, column, code: 'importReferenceNotFound', params: { value: symbol } });
        }
        input.productStockContent = [...content].map(([baseStockId, gramsPerKg]) => ({
          baseStockId,
          gramsPerKg,
        }));
      }
      if (refused.length) {
        problems.push(...refused);
        continue;
      }

      const photo = photos.get(line);
      const changes: DataChange[] = [];
      try {
        const record = await work.tx.transaction(async (sp) => {
          const tx = sp as unknown as Tx;
          const written = await saveCatalyst({ ctx: work.ctx, tx, changes }, scope, input, existing?.id);
          if (photo?.file) {
            const owner = { def, service, id: String(written.id) };
            const { saved: infos, imageChanged } = await files.saveIn(tx, scope, owner, [photo.file]);
            for (const info of infos)
              changes.push({
                clientAccountId: scope.clientAccountId,
                resourceType: 'fileInfo',
                id: String(info.id),
                action: 'create',
              });
            const [avatar] = infos;
            if (imageChanged && avatar) return { ...written, imageUrl: downloadUrlOf(String(avatar.id)) };
          }
          return written;
        });
        work.changes.push(...changes);
        state.seen.set(key, line);
        saved.push({ line, record });
        if (photo?.warning)
          warnings.push({
            line,
            column: 'imageUrl',
            code: 'importImageUnreachable',
            params: { line, url: String(textOf(values.imageUrl)), reason: photo.warning },
          });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const named = (err.fields ?? []).map((f) => ({
          line,
          column: columnOfField[f.field] ?? f.field,
          code: f.rule,
          ...(f.params ? { params: f.params } : {}),
        }));
        problems.push(...(named.length ? named : [{ line, code: err.code }]));
      }
    }
    return { saved, problems, warnings };
  },
});
