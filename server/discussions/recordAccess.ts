import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { ResourceService } from '../resources/resourceService';
import { titleOf } from '../resources/rows';
import type { Scope } from '../resources/scope';

/** A record a thread is about, as the caller sees it. */
export interface DiscussedRecord {
  /** Resource name (threads are stored under it, whatever spelling the caller used). */
  readonly name: string;
  readonly title: string;
  /** The app's address of the record (its preview), for links in e-mails. */
  readonly link: string;
}

/** How a module that keeps records outside the generic resources lets discussions find them. */
export interface RecordReader {
  /** The record when the caller may read it, else undefined. */
  read(ctx: AppContext, scope: Scope, id: string): Promise<Omit<DiscussedRecord, 'name'> | undefined>;
}

const readers = new Map<string, RecordReader>();

/**
 * Registers a record type of a module (e.g. shipment tickets when they are not a generic resource), so that
 * their records can have `record` threads. Generic resources need nothing: their own read access applies.
 */
export const registerDiscussionRecords = (type: string, reader: RecordReader): void => {
  readers.set(type.toLowerCase(), reader);
};

/** The record by resource name (or API path, any case) when the caller may read it; undefined otherwise. */
export const findRecord = async (
  ctx: AppContext,
  scope: Scope,
  type: string,
  id: string,
): Promise<DiscussedRecord | undefined> => {
  const wanted = type.toLowerCase();
  const def = ctx.schema.definitions.find(
    (d) => d.name.toLowerCase() === wanted || d.path.toLowerCase() === wanted,
  );
  if (def) {
    try {
      const row = await new ResourceService(ctx, def).get(scope, id);
      return { name: def.name, title: titleOf(def, row), link: `/${def.route}/${id}` };
    } catch (err) {
      if (err instanceof AppError) return undefined;
      throw err;
    }
  }
  const reader = readers.get(wanted);
  if (!reader) return undefined;
  const found = await reader.read(ctx, scope, id);
  return found ? { name: type, ...found } : undefined;
};

export const canReadRecord = async (
  ctx: AppContext,
  scope: Scope,
  type: string,
  id: string,
): Promise<boolean> => (await findRecord(ctx, scope, type, id)) !== undefined;

/** The screen a module's thread opens on for one reader (e.g. the carrier's own view of a shipment ticket). */
export type ThreadLink = (scope: Scope, refResourceId: string, threadKey: string) => string | undefined;

const threadLinks = new Map<string, ThreadLink>();

/**
 * Registers where a record type's threads open in e-mails, when the record's generic screen is not the one every
 * participant uses (a carrier never opens the warehouse's ticket screen).
 */
export const registerDiscussionLinks = (type: string, link: ThreadLink): void => {
  threadLinks.set(type.toLowerCase(), link);
};

/** The registered screen of a thread for this reader, if a module registered one. */
export const moduleThreadLink = (
  scope: Scope,
  thread: { refResourceType: string; refResourceId: string; threadKey: string },
): string | undefined =>
  threadLinks.get(thread.refResourceType.toLowerCase())?.(scope, thread.refResourceId, thread.threadKey);
