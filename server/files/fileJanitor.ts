import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import { fileData } from '../db/internalTables';
import { snake } from '../db/resourceTables';
import { discussion } from '../discussions/discussionTables';
import { fileTrash } from '../office/officeTables';
import { blobKey, blobStoreOf } from './blobStore';

const batch = 200;

/**
 * Removes from the file store the bytes of deleted files (queued in file_trash by the database, in the delete's
 * own transaction, so a rolled-back delete queues nothing and a committed one is never forgotten). Safe in
 * several processes at once: deleting a key twice is harmless. Returns how many went.
 */
export const purgeFileTrash = async (ctx: AppContext): Promise<number> => {
  const store = blobStoreOf(ctx);
  let removed = 0;
  for (;;) {
    const keys = (await ctx.db.select({ key: fileTrash.key }).from(fileTrash).limit(batch)).map((r) => r.key);
    if (!keys.length) return removed;
    for (const key of keys) await store.delete(key);
    await ctx.db.delete(fileTrash).where(inArray(fileTrash.key, keys));
    removed += keys.length;
    if (keys.length < batch) return removed;
  }
};

/**
 * Files and discussions of records deleted by other paths than the generic API (a document deleted by its own
 * module, rows removed with their parent by a cascade): their record is gone, so they go too.
 */
export const removeOrphans = async (ctx: AppContext): Promise<number> => {
  const fileInfo = ctx.schema.resourceTables.fileInfo;
  if (!fileInfo) return 0;
  const refType = fileInfo.refResourceType as PgColumn;
  const refId = fileInfo.refResourceId as PgColumn;
  let removed = 0;
  for (const def of ctx.schema.definitions) {
    if (def.name === 'fileInfo') continue;
    const table = sql.identifier(snake(def.name));
    const files = await ctx.db
      .delete(fileInfo)
      .where(
        and(eq(refType, def.name), sql`not exists (select 1 from ${table} r where r.id::text = ${refId})`),
      )
      .returning({ id: fileInfo.id as PgColumn });
    const threads = await ctx.db
      .delete(discussion)
      .where(
        and(
          eq(discussion.refResourceType, def.name),
          sql`not exists (select 1 from ${table} r where r.id::text = ${discussion.refResourceId})`,
        ),
      )
      .returning({ id: discussion.id });
    removed += files.length + threads.length;
  }
  return removed;
};

/** Bytes that older versions kept in the database (file_data) move to the file store, a batch at a time. */
export const moveDatabaseFiles = async (ctx: AppContext): Promise<number> => {
  const store = blobStoreOf(ctx);
  let moved = 0;
  for (;;) {
    const rows = await ctx.db.select().from(fileData).limit(20);
    if (!rows.length) return moved;
    for (const row of rows) {
      await store.put(blobKey(row.clientAccountId, row.fileInfoId), row.data);
      await ctx.db.delete(fileData).where(eq(fileData.fileInfoId, row.fileInfoId));
      moved += 1;
    }
  }
};

/** One run of the janitor (the office's background timer): orphans first, then the bytes they leave. */
export const runFileJanitor = async (ctx: AppContext): Promise<void> => {
  await moveDatabaseFiles(ctx);
  await removeOrphans(ctx);
  await purgeFileTrash(ctx);
};
