import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { v7 } from 'uuid';
import { AppError } from '../../domain/errors';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { fileData } from '../db/internalTables';
import type { ResourceTable } from '../db/resourceTables';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { blobKey, blobStoreOf } from './blobStore';
import { purgeFileTrash } from './fileJanitor';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/** A file about to be stored: its id and where its bytes go. */
interface PlannedFile {
  readonly file: NewFile;
  readonly id: string;
  readonly key: string;
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
 * Files attached to records: metadata in the fileInfo resource, bytes in the file store
 * (server/files/blobStore.ts: DATA_DIR/files by default, or an S3-compatible bucket).
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

  /**
   * Stores files of a record: the bytes in the file store first (under ids chosen here), then the rows in one
   * transaction; if that fails, the bytes are removed again. The first image becomes the record's image when it
   * has none.
   */
  async save(scope: Scope, owner: FileOwner, files: readonly NewFile[]): Promise<Row[]> {
    const blobs = blobStoreOf(this.ctx);
    const planned = this.plan(scope, files);
    let done: { saved: Row[]; imageChanged: boolean };
    try {
      for (const p of planned) await blobs.put(p.key, p.file.data);
      done = await this.ctx.db.transaction((tx) => this.rowsIn(tx, scope, owner, planned));
    } catch (error) {
      await Promise.all(planned.map((p) => blobs.delete(p.key).catch(() => undefined)));
      throw error;
    }
    for (const info of done.saved) this.service.publish(scope, String(info.id), 'create');
    if (done.imageChanged) owner.service.publish(scope, owner.id, 'update');
    return done.saved.map((r) => toApiRow(this.def, r));
  }

  /**
   * save() inside the caller's transaction (an import keeps the photos with its rows): the stored file rows and
   * whether the record's image changed; announcing them after the commit is the caller's. The bytes are stored
   * first and removed again if the rows cannot be written; bytes of a caller's transaction that rolls back later
   * stay in the store without a row (never served: every download goes through its row).
   */
  async saveIn(
    tx: Tx,
    scope: Scope,
    owner: FileOwner,
    files: readonly NewFile[],
  ): Promise<{ saved: Row[]; imageChanged: boolean }> {
    const blobs = blobStoreOf(this.ctx);
    const planned = this.plan(scope, files);
    try {
      for (const p of planned) await blobs.put(p.key, p.file.data);
      return await this.rowsIn(tx, scope, owner, planned);
    } catch (error) {
      await Promise.all(planned.map((p) => blobs.delete(p.key).catch(() => undefined)));
      throw error;
    }
  }

  /** Time-ordered ids: files of one upload share a time, and list in the order they were sent. */
  private plan(scope: Scope, files: readonly NewFile[]): PlannedFile[] {
    return files.map((file) => {
      const id = v7();
      return { file, id, key: blobKey(scope.clientAccountId, id) };
    });
  }

  /** The file rows of stored bytes, their record-log entries and the owner's image when it has none yet. */
  private async rowsIn(
    tx: Tx,
    scope: Scope,
    owner: FileOwner,
    planned: readonly PlannedFile[],
  ): Promise<{ saved: Row[]; imageChanged: boolean }> {
    const out: Row[] = [];
    for (const { file, id } of planned) {
      const [info] = await tx
        .insert(this.table)
        .values({
          id,
          clientAccountId: scope.clientAccountId,
          refResourceType: owner.def.name,
          refResourceId: owner.id,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.data.length,
        })
        .returning();
      if (!info) throw new AppError('saveFailed');
      await this.service.log(tx, scope, 'create', String(info.id), undefined, info);
      out.push(info);
    }
    const firstImage = out.find((r) => String(r.contentType).startsWith('image/'));
    const changed = firstImage
      ? await this.setImage(tx, scope, owner, downloadUrlOf(String(firstImage.id)), true)
      : false;
    return { saved: out, imageChanged: changed };
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
    if (!uuidPattern.test(id)) throw new AppError('notFoundOrNoPermission');
    const q = db
      .select()
      .from(this.table)
      .where(and(eq(this.col('clientAccountId'), scope.clientAccountId), eq(this.col('id'), id)));
    const [row] = forUpdate ? await q.for('update') : await q;
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /**
   * The file and its bytes, when the caller may read the record it belongs to — or, with `throughId`, a record of
   * the same resource that the caller may read and that refers to the file (e.g. a product whose image is a file
   * uploaded on another product): access then follows that record.
   */
  async download(scope: Scope, id: string, throughId?: string): Promise<{ info: Row; data: Buffer }> {
    const info = await this.info(this.ctx.db, scope, id);
    if (throughId !== undefined) {
      const through = await this.owner(scope, String(info.refResourceType), throughId, 'read');
      if (!JSON.stringify(through.row).includes(id)) throw new AppError('notFoundOrNoPermission');
    } else await this.owner(scope, String(info.refResourceType), String(info.refResourceId), 'read');
    const data = await this.bytesOf(scope.clientAccountId, id);
    if (!data) throw new AppError('notFoundOrNoPermission');
    return { info: toApiRow(this.def, info), data };
  }

  /** A file's bytes from the store (or, until the janitor moved them, from the database where they used to be). */
  async bytesOf(clientAccountId: string, id: string): Promise<Buffer | undefined> {
    const stored = await blobStoreOf(this.ctx).get(blobKey(clientAccountId, id));
    if (stored) return stored;
    const [legacy] = await this.ctx.db
      .select({ data: fileData.data })
      .from(fileData)
      .where(and(eq(fileData.fileInfoId, id), eq(fileData.clientAccountId, clientAccountId)));
    return legacy?.data;
  }

  /** Deletes a file (its bytes leave the store after commit); a record whose image it was shows its next image, or none. */
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
    // The row's delete queued its bytes (file_trash): remove them now rather than at the next janitor run.
    await purgeFileTrash(this.ctx).catch(() => undefined);
  }
}
