import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, type ErrorCode } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { locationSchema, type MapBounds, type MapDimensions } from '../../db/internalTables';
import { sanitizeSvg } from '../../files/svgSanitizer';
import { ResourceService } from '../../resources/resourceService';
import type { Scope } from '../../resources/scope';
import { fieldErrorsOf } from './fieldErrors';

/** Largest SVG a location map may hold (bytes of UTF-8 text). */
export const maxSvgBytes = 2 * 1024 * 1024;

const fail = (code: ErrorCode) => ({ error: code });
const coordinate = z.number(fail('invalidValue')).finite(fail('invalidValue'));
const size = z.number(fail('invalidValue')).finite(fail('invalidValue')).min(0, fail('minValue')).nullish();

const boundsSchema = z
  .object({ southWestX: coordinate, southWestY: coordinate, northEastX: coordinate, northEastY: coordinate })
  // The north-east corner lies above and right of the south-west one, or the map has no area.
  .superRefine((b, ctx) => {
    if (b.northEastX <= b.southWestX)
      ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['northEastX'] });
    if (b.northEastY <= b.southWestY)
      ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['northEastY'] });
  });

const dimensionsSchema = z.object({ x: size, y: size, z: size }).nullable();

export const fullSchema = z.object({
  svg: z.string(fail('invalidValue')).nullish(),
  /** Name of the uploaded file, when the map comes from one: it must be an .svg. */
  fileName: z.string(fail('invalidValue')).max(255, fail('maxLength')).nullish(),
  bounds: boundsSchema,
  dimensions: dimensionsSchema.optional(),
});
export const patchSchema = fullSchema.partial();

/**
 * Refuses a file that is not an .svg (fileExtensionNotAllowed) or too big (fileTooBig) and answers the drawing
 * as it is stored: cut down by the parser-based sanitizer (server/files/svgSanitizer.ts), never by patterns.
 */
export const checkSvg = async (svg: string, fileName?: string | null): Promise<string> => {
  if (fileName && !/\.svg$/i.test(fileName.trim())) throw new AppError('fileExtensionNotAllowed');
  if (Buffer.byteLength(svg, 'utf8') > maxSvgBytes) throw new AppError('fileTooBig');
  return sanitizeSvg(svg);
};

export interface MapSchemaView {
  readonly storageSpaceId: string;
  readonly svg: string | null;
  readonly bounds: MapBounds;
  readonly dimensions: MapDimensions | null;
  readonly updatedAt: string;
  readonly version: number;
}

type Stored = typeof locationSchema.$inferSelect;
const view = (row: Stored): MapSchemaView => ({
  storageSpaceId: row.storageSpaceId,
  svg: row.svg,
  bounds: row.bounds,
  dimensions: row.dimensions ?? null,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/**
 * The map schema of a location (GET/POST/PATCH StorageSpace/{id}/schema): an SVG and the bounds that
 * place it. Read like the location, written like the location; stored in location_schema.
 */
export class MapSchemas {
  private readonly ctx: AppContext;
  private readonly service: ResourceService;

  constructor(ctx: AppContext) {
    const def = ctx.schema.definitions.find((d) => d.name === 'storageSpace');
    if (!def) throw new Error('the storageSpace resource is missing');
    this.ctx = ctx;
    this.service = new ResourceService(ctx, def);
  }

  private async find(scope: Scope, id: string): Promise<Stored | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(locationSchema)
      .where(
        and(eq(locationSchema.storageSpaceId, id), eq(locationSchema.clientAccountId, scope.clientAccountId)),
      );
    return row;
  }

  async get(scope: Scope, id: string): Promise<MapSchemaView> {
    await this.service.get(scope, id);
    const row = await this.find(scope, id);
    if (!row) throw new AppError('locationHasNoMap');
    return view(row);
  }

  /** POST: sets the whole schema (created or replaced). */
  async put(scope: Scope, id: string, body: unknown): Promise<{ created: boolean; schema: MapSchemaView }> {
    this.service.assertWrite(scope);
    await this.service.get(scope, id);
    const input = await this.parse(fullSchema, body);
    const values = {
      svg: input.svg ?? null,
      bounds: input.bounds,
      dimensions: input.dimensions ?? null,
    };
    const existed = (await this.find(scope, id)) !== undefined;
    const [row] = await this.ctx.db
      .insert(locationSchema)
      .values({ storageSpaceId: id, clientAccountId: scope.clientAccountId, ...values })
      .onConflictDoUpdate({
        target: locationSchema.storageSpaceId,
        set: { ...values, updatedAt: new Date(), version: sql`${locationSchema.version} + 1` },
        setWhere: eq(locationSchema.clientAccountId, scope.clientAccountId),
      })
      .returning();
    if (!row) throw new AppError('notFoundOrNoPermission');
    this.announce(scope, id);
    return { created: !existed, schema: view(row) };
  }

  /** PATCH: changes the parts sent (e.g. only the bounds) of an existing schema. */
  async patch(scope: Scope, id: string, body: unknown): Promise<MapSchemaView> {
    this.service.assertWrite(scope);
    await this.service.get(scope, id);
    const input = await this.parse(patchSchema, body);
    const changes: Partial<Pick<Stored, 'svg' | 'bounds' | 'dimensions'>> = {};
    if (input.svg !== undefined) changes.svg = input.svg;
    if (input.bounds !== undefined) changes.bounds = input.bounds;
    if (input.dimensions !== undefined) changes.dimensions = input.dimensions;
    const [row] = await this.ctx.db
      .update(locationSchema)
      .set({ ...changes, updatedAt: new Date(), version: sql`${locationSchema.version} + 1` })
      .where(
        and(eq(locationSchema.storageSpaceId, id), eq(locationSchema.clientAccountId, scope.clientAccountId)),
      )
      .returning();
    if (!row) throw new AppError('locationHasNoMap');
    this.announce(scope, id);
    return view(row);
  }

  private async parse<T extends z.ZodType<{ svg?: string | null; fileName?: string | null }>>(
    schema: T,
    body: unknown,
  ): Promise<z.output<T>> {
    let raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    // Size and type come first: a 3 MB drawing is "too big", not a form error. What is stored is the cleaned one.
    if (typeof raw.svg === 'string')
      raw = {
        ...raw,
        svg: await checkSvg(raw.svg, typeof raw.fileName === 'string' ? raw.fileName : undefined),
      };
    else if (typeof raw.fileName === 'string' && !/\.svg$/i.test(raw.fileName.trim()))
      throw new AppError('fileExtensionNotAllowed');
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new AppError('formHasErrors', { fields: fieldErrorsOf(parsed.error) });
    return parsed.data;
  }

  private announce(scope: Scope, id: string): void {
    this.ctx.changes.next({
      clientAccountId: scope.clientAccountId,
      resourceType: 'storageSpaceSchema',
      id,
      action: 'update',
    });
  }
}
