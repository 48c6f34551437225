import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import type { ResourceDefinition } from '../../domain/resources/types';
import { isUuid } from '../../domain/rowValues';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { fileData } from '../db/internalTables';
import type { ResourceTable } from '../db/resourceTables';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow } from '../resources/rows';
import type { Scope } from '../resources/scope';

export interface NewFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/** The record a file belongs to, found in the caller's scope. */
export interface FileOwner {
  readonly def: ResourceDefinition;
  readonly service: ResourceService;
  readonly id: string;
}

const column = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

/** The download address of a file; a record's imageUrl points here. */
export const downloadUrlOf = (fileInfoId: string): string => `/api/File/download/${fileInfoId}`;

/**
 * Files attached to records (§7 Files): metadata in the fileInfo resource, bytes in file_data.
 * Access always follows the record the file belongs to: who may read the record may list and
 * download its files, who may write it may upload and delete them. A record of another account
 * (or another contractor) is simply not found.
 */
export class FileStore {
  private readonly ctx: AppContext;
  private readonly def: ResourceDefinition;
  private readonly table: ResourceTable;
  readonly service: ResourceService;

  constructor(ctx: AppContext) {
    const def = ctx.schema.definitions.find((d) => d.name === 'fileInfo');
    const table = ctx.schema.resourceTables.fileInfo;
    if (!def || !table) throw new Error('the fileInfo resource is missing');
    this.ctx = ctx;
    this.def = def;
    this.table = table;
    this.service = new ResourceService(ctx, def);
  }

  private col(name: string): PgColumn {
    return column(this.table, name);
  }

  /** The owning record by resource name (or API path, any case) and id; 404 when the caller can't see it. */
  async owner(
    scope: Scope,
    type: string,
    id: string,
    mode: 'read' | 'write',
  ): Promise<FileOwner & { row: Row }> {
    const wanted = type.toLowerCase();
    const def = this.ctx.schema.definitions.find(
      (d) => d.name !== 'fileInfo' && (d.name.toLowerCase() === wanted || d.path.toLowerCase() === wanted),
    );
    if (!def)
      throw new AppError('badRequest', { fields: [{ field: 'refResourceType', rule: 'invalidValue' }] });
    const service = new ResourceService(this.ctx, def);
    if (mode === 'write') service.assertWrite(scope);
    const row = await service.get(scope, id);
    return { def, service, id, row };
  }

  /** Stores files of a record in one transaction; the first becomes the record's image when it has none. */
  async save(scope: Scope, owner: FileOwner, files: readonly NewFile[]): Promise<Row[]> {
    const { saved, imageChanged } = await this.ctx.db.transaction(async (tx) => {
      const out: Row[] = [];
      for (const file of files) {
        const [info] = await tx
          .insert(this.table)
          .values({
            clientAccountId: scope.clientAccountId,
            refResourceType: owner.def.name,
            refResourceId: owner.id,
            fileName: file.fileName,
            contentType: file.contentType,
            size: file.data.length,
          })
          .returning();
        if (!info) throw new AppError('saveFailed');
        await tx
          .insert(fileData)
          .values({ fileInfoId: String(info.id), clientAccountId: scope.clientAccountId, data: file.data });
        await this.service.log(tx, scope, 'create', String(info.id), undefined, info);
        out.push(info);
      }
      const first = out[0];
      const changed =
        first && files[0]?.contentType.startsWith('image/')
          ? await this.setImage(tx, scope, owner, downloadUrlOf(String(first.id)), true)
          : false;
      return { saved: out, imageChanged: changed };
    });
    for (const info of saved) this.service.publish(scope, String(info.id), 'create');
    if (imageChanged) owner.service.publish(scope, owner.id, 'update');
    return saved.map((r) => toApiRow(this.def, r));
  }

  /**
   * Points the record's imageUrl at a file, in the caller's transaction, with a record-log entry.
   * `onlyIfEmpty`: keep an image the record already has. Records without an imageUrl field are left alone.
   */
  private async setImage(
    tx: Tx,
    scope: Scope,
    owner: FileOwner,
    url: string | null,
    onlyIfEmpty: boolean,
    replacing?: string,
  ): Promise<boolean> {
    if (owner.def.fields.imageUrl?.kind !== 'string') return false;
    const table = this.ctx.schema.resourceTables[owner.def.name];
    if (!table) return false;
    const id = column(table, 'id');
    const imageUrl = column(table, 'imageUrl');
    const target = and(owner.service.scopeCondition(scope), eq(id, owner.id));
    const [before] = await tx.select().from(table).where(target).for('update');
    if (!before) return false;
    const current = typeof before.imageUrl === 'string' ? before.imageUrl : '';
    if (onlyIfEmpty && current !== '') return false;
    if (replacing !== undefined && current !== replacing) return false;
    const [after] = await tx
      .update(table)
      .set({ imageUrl: url, updatedAt: new Date(), version: sql`${column(table, 'version')} + 1` })
      .where(and(target, onlyIfEmpty ? or(isNull(imageUrl), eq(imageUrl, '')) : undefined))
      .returning();
    if (!after) return false;
    await owner.service.log(tx, scope, 'update', owner.id, before, after);
    return true;
  }

  /** Files of a record, oldest first. */
  async list(scope: Scope, owner: FileOwner): Promise<Row[]> {
    const rows = await this.ctx.db
      .select()
      .from(this.table)
      .where(this.ofOwner(scope.clientAccountId, owner.def.name, owner.id))
      .orderBy(asc(this.col('createdAt')), asc(this.col('id')));
    return rows.map((r) => toApiRow(this.def, r));
  }

  private ofOwner(clientAccountId: string, type: string, id: string) {
    return and(
      eq(this.col('clientAccountId'), clientAccountId),
      eq(this.col('refResourceType'), type),
      eq(this.col('refResourceId'), id),
    );
  }

  /** A file's metadata in the caller's account (staff and contractors alike: access follows its record). */
  async info(db: Executor, scope: Scope, id: string, forUpdate = false): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const q = db
      .select()
      .from(this.table)
      .where(and(eq(this.col('clientAccountId'), scope.clientAccountId), eq(this.col('id'), id)));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** The file and its bytes, when the caller may read the record it belongs to. */
  async download(scope: Scope, id: string): Promise<{ info: Row; data: Buffer }> {
    const info = await this.info(this.ctx.db, scope, id);
    await this.owner(scope, String(info.refResourceType), String(info.refResourceId), 'read');
    const [stored] = await this.ctx.db
      .select({ data: fileData.data })
      .from(fileData)
      .where(and(eq(fileData.fileInfoId, id), eq(fileData.clientAccountId, scope.clientAccountId)));
    if (!stored) throw new AppError('notFoundOrNoPermission');
    return { info: toApiRow(this.def, info), data: stored.data };
  }

  /** Deletes a file (its bytes go with it); a record whose image it was shows its next image, or none. */
  async remove(scope: Scope, id: string): Promise<void> {
    const found = await this.info(this.ctx.db, scope, id);
    const owner = await this.owner(
      scope,
      String(found.refResourceType),
      String(found.refResourceId),
      'write',
    );
    const imageChanged = await this.ctx.db.transaction(async (tx) => {
      const info = await this.info(tx, scope, id, true);
      await tx
        .delete(this.table)
        .where(and(eq(this.col('clientAccountId'), scope.clientAccountId), eq(this.col('id'), id)));
      await this.service.log(tx, scope, 'delete', id, info, undefined);
      const [next] = await tx
        .select({ id: this.col('id') })
        .from(this.table)
        .where(
          and(
            this.ofOwner(scope.clientAccountId, owner.def.name, owner.id),
            sql`${this.col('contentType')} like 'image/%'`,
          ),
        )
        .orderBy(asc(this.col('createdAt')), asc(this.col('id')))
        .limit(1);
      return this.setImage(
        tx,
        scope,
        owner,
        next ? downloadUrlOf(String(next.id)) : null,
        false,
        downloadUrlOf(id),
      );
    });
    this.service.publish(scope, id, 'delete');
    if (imageChanged) owner.service.publish(scope, owner.id, 'update');
  }
}
