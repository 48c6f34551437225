import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError, type FieldError } from '../../../domain/errors';
import { fieldSchema } from '../../../domain/resources/schema';
import {
  type GenerateLocationsRequest,
  generatedLocations,
  generateLocationsSchema,
} from '../../../domain/warehouse/locationGenerator';
import type { AppContext } from '../../context';
import type { ResourceTable } from '../../db/resourceTables';
import { fromDatabaseError } from '../../http/dbErrors';
import { writeSystemLog } from '../../http/systemLog';
import { ResourceService } from '../../resources/resourceService';
import { type Row, toApiRow } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { fieldErrorsOf } from './fieldErrors';
import { GenerationJob, type GenerationJobs } from './generationJobs';

/** Rows per multi-row INSERT; each batch is its own transaction (docs/decisions.md). */
export const generationBatchSize = 1000;
/** At most this many clashing labels are named in a 409. */
const maxReportedClashes = 100;

export interface PlannedLocation {
  readonly id: string;
  readonly label: string;
  readonly parentId: string | null;
  readonly typeId: string | null;
}

const col = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * POST StorageSpace/generate (the location generator, docs/glossary.md; it runs in the background): the
 * request is checked and every label computed (domain/warehouse/locationGenerator) and compared with the
 * account's labels before anything is written; then the locations are inserted in batches while the job
 * reports progress.
 */
export class LocationGenerator {
  private readonly ctx: AppContext;
  private readonly jobs: GenerationJobs;
  private readonly service: ResourceService;
  private readonly table: ResourceTable;
  private readonly types: ResourceTable;

  constructor(ctx: AppContext, jobs: GenerationJobs) {
    const def = ctx.schema.definitions.find((d) => d.name === 'storageSpace');
    const table = ctx.schema.resourceTables.storageSpace;
    const types = ctx.schema.resourceTables.storageSpaceType;
    if (!def || !table || !types) throw new Error('the storageSpace resources are missing');
    this.ctx = ctx;
    this.jobs = jobs;
    this.service = new ResourceService(ctx, def);
    this.table = table;
    this.types = types;
  }

  /** Validates, plans and starts a job; throws 400 / 409 before anything is written. */
  async start(scope: Scope, body: unknown): Promise<GenerationJob> {
    this.service.assertWrite(scope);
    const parsed = generateLocationsSchema.safeParse(body ?? {});
    if (!parsed.success) throw new AppError('formHasErrors', { fields: fieldErrorsOf(parsed.error) });
    const request = parsed.data;
    await this.checkRefs(scope, request);
    const planned = this.plan(request);
    await this.checkLabelsFree(scope, planned);
    const job = new GenerationJob(scope.clientAccountId, new Set(planned.map((p) => p.label)));
    this.jobs.start(
      job,
      (j) => this.insert(scope, planned, j),
      (err) =>
        void writeSystemLog(this.ctx, undefined, {
          level: 'error',
          message: `location generation failed: ${err instanceof Error ? err.message : String(err)}`,
          exception: err instanceof Error ? err.stack : undefined,
          source: 'StorageSpace/generate',
        }),
    );
    return job;
  }

  /** The parent and the types must be rows of the caller's account. */
  private async checkRefs(scope: Scope, request: GenerateLocationsRequest): Promise<void> {
    const refs: [string, ResourceTable, string | null | undefined][] = [
      ['parentId', this.table, request.parentId],
      ['typeId', this.types, request.typeId],
      ...request.levels.map((l, i): [string, ResourceTable, string | null | undefined] => [
        `levels.${i}.typeId`,
        this.types,
        l.typeId,
      ]),
    ];
    const fields: FieldError[] = [];
    for (const [field, table, id] of refs) {
      if (!id) continue;
      const found = await this.ctx.db
        .select({ id: col(table, 'id') })
        .from(table)
        .where(and(eq(col(table, 'id'), id), eq(col(table, 'clientAccountId'), scope.clientAccountId)))
        .limit(1);
      if (!found.length) fields.push({ field, rule: 'invalidValue' });
    }
    if (fields.length) throw new AppError('formHasErrors', { fields });
  }

  /** Every location with its id, parent and type; labels normalised by the label field's own rule. */
  private plan(request: GenerateLocationsRequest): PlannedLocation[] {
    const labelField = this.service.def.fields.label;
    if (!labelField) throw new Error('storageSpace has no label');
    const labelRule = fieldSchema(labelField);
    const ids = new Map<string, string>();
    const out: PlannedLocation[] = [];
    for (const loc of generatedLocations(request.levels, request.separator)) {
      const checked = labelRule.safeParse(loc.label);
      if (!checked.success) {
        const [error] = fieldErrorsOf(checked.error);
        const rule = error?.rule ?? 'invalidValue';
        const params = rule === 'maxLength' ? { max: labelField.maxLength ?? 0 } : undefined;
        throw new AppError('formHasErrors', {
          fields: [params ? { field: 'levels', rule, params } : { field: 'levels', rule }],
        });
      }
      const id = randomUUID();
      ids.set(loc.label, id);
      const level = request.levels[loc.level];
      out.push({
        id,
        label: String(checked.data),
        parentId: loc.parentLabel === null ? (request.parentId ?? null) : (ids.get(loc.parentLabel) ?? null),
        typeId: level?.typeId ?? request.typeId ?? null,
      });
    }
    return out;
  }

  /** 409 naming the labels already taken (stored, being generated, or repeated by the request itself). */
  private async checkLabelsFree(scope: Scope, planned: readonly PlannedLocation[]): Promise<void> {
    const clashes = new Set<string>();
    const seen = new Set<string>();
    const busy = this.jobs.labelsInProgress(scope.clientAccountId);
    for (const { label } of planned) {
      if (seen.has(label) || busy.has(label)) clashes.add(label);
      seen.add(label);
    }
    const label = col(this.table, 'label');
    for (const part of chunks([...seen], 5000)) {
      const taken = await this.ctx.db
        .select({ label })
        .from(this.table)
        .where(and(eq(col(this.table, 'clientAccountId'), scope.clientAccountId), inArray(label, part)));
      for (const row of taken) clashes.add(String(row.label));
    }
    if (!clashes.size) return;
    const fields: FieldError[] = [...clashes]
      .sort()
      .slice(0, maxReportedClashes)
      .map((l) => ({ field: 'label', rule: 'uniqueConflict', params: { label: l } }));
    throw new AppError('uniqueConflict', { fields });
  }

  /**
   * Inserts the planned locations, parents before children, in multi-row INSERTs of `generationBatchSize`
   * rows, each batch with its record-log rows in one transaction, then reports progress and announces the
   * batch. A failure stops the job: committed batches stay (each a complete subtree top-down).
   */
  private async insert(scope: Scope, planned: readonly PlannedLocation[], job: GenerationJob): Promise<void> {
    const log = this.ctx.schema.resourceTables.recordLog;
    let done = 0;
    for (const batch of chunks(planned, generationBatchSize)) {
      if (this.jobs.isClosing) throw new AppError('operationFailed');
      try {
        await this.ctx.db.transaction(async (tx) => {
          const rows: Row[] = await tx
            .insert(this.table)
            .values(batch.map((p) => ({ ...p, clientAccountId: scope.clientAccountId })))
            .returning();
          if (log)
            await tx.insert(log).values(
              rows.map((row) => ({
                clientAccountId: scope.clientAccountId,
                resourceType: this.service.def.name,
                resourceId: String(row.id),
                resourceTitle: String(row.label),
                action: 'create',
                oldObject: null,
                newObject: toApiRow(this.service.def, row),
                userId: scope.userId,
                userName: scope.userName,
              })),
            );
        });
      } catch (err) {
        throw fromDatabaseError(err) ?? err;
      }
      done += batch.length;
      job.advance(done);
      const first = batch[0];
      if (first) this.service.publish(scope, first.id, 'create');
    }
  }
}
