import { and, eq } from 'drizzle-orm';
import type { Claims } from '../../domain/auth/claims';
import { hasAccess } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { AnalyseResponse, EnrolFace } from '../../domain/faces/enrolment';
import { enrolFaceSchema, maxDescriptorsPerPerson } from '../../domain/faces/enrolment';
import {
  bestFaceMatch,
  type FaceDescriptor,
  faceMatchThreshold,
  isFaceDescriptor,
} from '../../domain/faces/faceMatch';
import type { AppContext } from '../context';
import type { ResourceTable } from '../db/resourceTables';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { loadLogisticsConfig } from '../warehouse/logisticsConfigStore';

/** The descriptors stored in a row's json column (anything else in it is passed over). */
export const descriptorsOf = (value: unknown): number[][] =>
  Array.isArray(value) ? value.filter(isFaceDescriptor) : [];

/** Whoever may ask who a face is: staff of a terminal or of the face database, never a contractor. */
const mayAnalyse = (claims: Claims): boolean =>
  claims.ctr === null && (hasAccess(claims, 'terminal') || hasAccess(claims, 'faces'));

/** The face database of a company: enrolment, deletion and "who is this?" (docs/faces.md). */
export class FaceService {
  private readonly ctx: AppContext;
  private readonly service: ResourceService;
  private readonly table: ResourceTable;

  constructor(ctx: AppContext) {
    const def = ctx.schema.definitions.find((d) => d.name === 'computerVision');
    const table = ctx.schema.resourceTables.computerVision;
    if (!def || !table) throw new Error('no computerVision resource');
    this.ctx = ctx;
    this.service = new ResourceService(ctx, def);
    this.table = table;
  }

  private column(name: string) {
    const c = this.table[name];
    if (!c) throw new Error(`no column ${name}`);
    return c;
  }

  /** The display name of the enrolled user or contact of the caller's company (not found: a form error). */
  private async ownerName(scope: Scope, body: EnrolFace): Promise<string> {
    const [resource, id, field] = body.userId
      ? (['user', body.userId, 'userId'] as const)
      : (['person', body.personId ?? '', 'personId'] as const);
    const table = this.ctx.schema.resourceTables[resource];
    if (!table?.id || !table.clientAccountId) throw new Error(`no ${resource} table`);
    const [row] = await this.ctx.db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.clientAccountId, scope.clientAccountId)))
      .limit(1);
    if (!row) throw new AppError('formHasErrors', { fields: [{ field, rule: 'invalidValue' }] });
    const name =
      resource === 'user'
        ? String(row.visibleName || row.username)
        : [row.firstName, row.lastName].filter((p) => typeof p === 'string' && p.trim()).join(' ');
    return name.slice(0, 200);
  }

  /** Enrols a person, or adds descriptors to their row (the newest kept, up to the limit). */
  async enrol(scope: Scope, input: unknown): Promise<{ row: Row; created: boolean }> {
    this.service.assertWrite(scope);
    const parsed = enrolFaceSchema.safeParse(input);
    if (!parsed.success)
      throw new AppError('formHasErrors', {
        fields: parsed.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule: 'invalidValue' as const,
        })),
      });
    const body = parsed.data;
    const name = await this.ownerName(scope, body);
    const owner = body.userId
      ? eq(this.column('userId'), body.userId)
      : eq(this.column('personId'), body.personId ?? '');
    const [existing] = await this.ctx.db
      .select()
      .from(this.table)
      .where(and(this.service.scopeCondition(scope), owner))
      .limit(1);
    if (!existing) {
      const row = await this.service.create(scope, {
        name,
        userId: body.userId ?? null,
        personId: body.personId ?? null,
        descriptors: body.descriptors,
        source: body.source,
      });
      return { row, created: true };
    }
    const descriptors = [...descriptorsOf(existing.descriptors), ...body.descriptors].slice(
      -maxDescriptorsPerPerson,
    );
    const row = await this.service.update(scope, String(existing.id), {
      name,
      descriptors,
      source: body.source,
    });
    return { row, created: false };
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await this.service.remove(scope, id);
  }

  /** Who a descriptor belongs to, among the caller's company's enrolled faces only. */
  async analyse(scope: Scope, descriptor: FaceDescriptor): Promise<AnalyseResponse> {
    if (!mayAnalyse(scope.claims)) throw new AppError('forbidden');
    const config = await loadLogisticsConfig(this.ctx.db, scope.clientAccountId);
    if (!config.terminal.faceRecognition) throw new AppError('computerVisionUnavailable');
    const rows = await this.ctx.db
      .select({
        id: this.column('id'),
        name: this.column('name'),
        userId: this.column('userId'),
        personId: this.column('personId'),
        descriptors: this.column('descriptors'),
      })
      .from(this.table)
      .where(this.service.scopeCondition(scope));
    const faces = rows.flatMap((row) =>
      descriptorsOf(row.descriptors).map((d) => ({ owner: row, descriptor: d })),
    );
    const best = bestFaceMatch(descriptor, faces);
    return {
      threshold: faceMatchThreshold,
      match: best && {
        computerVisionId: String(best.owner.id),
        userId: best.owner.userId === null ? null : String(best.owner.userId),
        personId: best.owner.personId === null ? null : String(best.owner.personId),
        name: String(best.owner.name),
        distance: best.distance,
      },
    };
  }
}
