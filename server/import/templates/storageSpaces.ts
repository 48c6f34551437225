import { randomUUID } from 'node:crypto';
import { AppError } from '../../../domain/errors';
import type { ImportProblem } from '../../../domain/import/importColumn';
import { importColumn, resourceColumns } from '../../../domain/import/resourceColumns';
import { canWrite } from '../../../domain/resources/access';
import { storageSpaceResource } from '../../../domain/resources/definitions/storageSpace';
import { storageSpaceTypeResource } from '../../../domain/resources/definitions/storageSpaceType';
import { assertNotOwnAncestor } from '../../warehouse/records/locationTree';
import { defineImportTemplate } from '../importTemplate';
import {
  idsByName,
  ifGiven,
  namedRecords,
  notFound,
  type PlannedRecord,
  saveRecords,
  textOf,
} from '../templateKit';

interface StorageSpacesState {
  readonly seen: Map<string, number>;
  /** Label (upper case) → id of locations stored or planned earlier in this import. */
  readonly labels: Map<string, string>;
  /** Type code (lower case) → id. */
  readonly types: Map<string, string>;
}

const labelOf = (value: unknown): string | null => {
  const text = textOf(typeof value === 'string' ? value : null);
  return text ? text.toUpperCase() : null;
};

/**
 * Storage locations: label required and the key (a stored one is updated); the parent by its label (stored, or
 * on an earlier row of the file); the type by its code (made when missing). Moves keep the tree free of cycles.
 */
export const storageSpacesTemplate = defineImportTemplate<StorageSpacesState>({
  key: 'storageSpaces',
  order: 50,
  title: 'resources:storageSpace.title',
  columns: [
    ...resourceColumns(storageSpaceResource, { label: 'A-01-01' }),
    importColumn('parentLabel', 'text', 'A-01'),
    importColumn('typeCode', 'text', 'RACK'),
    ...resourceColumns(
      storageSpaceResource,
      {
        capacityKg: 800,
        temperature: '',
        description: '',
        x: 12.5,
        y: 3,
        z: 0,
        sizeX: 1.2,
        sizeY: 0.8,
        sizeZ: 1,
        pickupOrder: 10,
        cooled: false,
        lockedIn: false,
        lockedOut: false,
        zoneIn: false,
        zoneOut: false,
        zoneCpl: false,
      },
      // Left empty these mean "no limit" or "not placed on the map", never 0.
      ['capacityKg', 'temperature', 'x', 'y', 'z'],
    ),
  ],
  allowed: (scope) =>
    canWrite(storageSpaceResource, scope.claims) && canWrite(storageSpaceTypeResource, scope.claims),
  start: () => ({ seen: new Map(), labels: new Map(), types: new Map() }),
  async importBatch(work) {
    const { rows, state } = work;
    const problems: ImportProblem[] = [];
    const unknownLabels = new Set<string>();
    for (const row of rows)
      for (const l of [labelOf(row.values.label), labelOf(row.values.parentLabel)])
        if (l && !state.labels.has(l)) unknownLabels.add(l);
    for (const [label, id] of await idsByName(work, 'storageSpace', 'label', unknownLabels))
      state.labels.set(label.toUpperCase(), id);
    const types = await namedRecords(work, {
      resource: 'storageSpaceType',
      field: 'code',
      names: rows.flatMap((r) => textOf(r.values.typeCode) ?? []),
      known: state.types,
    });
    const planned: PlannedRecord[] = [];
    const made = new Map<number, string>();
    for (const row of rows) {
      const { parentLabel: parentCell, typeCode, ...fields } = row.values;
      const label = labelOf(fields.label);
      const parentLabel = labelOf(parentCell);
      const parentId = parentLabel ? state.labels.get(parentLabel) : null;
      if (parentLabel && (!parentId || parentLabel === label)) {
        problems.push(notFound(row.line, 'parentLabel', parentLabel));
        continue;
      }
      const type = textOf(typeCode);
      const typeId = type ? types.get(type.toLowerCase()) : null;
      if (typeId === undefined) {
        problems.push({ line: row.line, column: 'typeCode', code: 'invalidValue' });
        continue;
      }
      // A new location's id is known before it is written, so the rows after it may hang under it.
      let id: string | undefined;
      if (label && !state.labels.has(label)) {
        id = randomUUID();
        state.labels.set(label, id);
        made.set(row.line, label);
      }
      planned.push({
        line: row.line,
        input: {
          ...fields,
          ...ifGiven(row.values, 'parentLabel', 'parentId', parentId),
          ...ifGiven(row.values, 'typeCode', 'typeId', typeId),
        },
        ...(id ? { id } : {}),
      });
    }
    const outcome = await saveRecords(work, planned, {
      def: storageSpaceResource,
      keyField: 'label',
      seen: state.seen,
      columnOf: { parentId: 'parentLabel', typeId: 'typeCode' },
      check: async (w, records) => {
        const refused: ImportProblem[] = [];
        for (const r of records) {
          const parentId = typeof r.values.parentId === 'string' ? r.values.parentId : null;
          if (!r.existingId || !parentId) continue;
          try {
            await assertNotOwnAncestor(w.tx, w.scope.clientAccountId, r.existingId, parentId);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            refused.push({ line: r.line, column: 'parentLabel', code: 'invalidValue' });
          }
        }
        return refused;
      },
    });
    // A refused new location is not there for later rows to hang under.
    const refusedLines = new Set([...problems, ...outcome.problems].map((p) => p.line));
    for (const [line, label] of made) if (refusedLines.has(line)) state.labels.delete(label);
    return { saved: outcome.saved, problems: [...problems, ...outcome.problems] };
  },
});
