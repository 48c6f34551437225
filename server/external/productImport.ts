import { and, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError, type ErrorCode } from '../../domain/errors';
import type { AppContext } from '../context';
import { writeSystemLog } from '../http/systemLog';
import { publishToUsers } from '../hub/userEvents';
import { translate } from '../i18n';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import type { ExternalCredentialsService } from './externalCredentialsService';
import type { ShopProduct } from './wooCommerce';

/** What an import did; `failed` products keep the import's starting point, so the next run tries them again. */
export interface ImportSummary {
  readonly total: number;
  readonly pages: number;
  readonly created: number;
  readonly updated: number;
  readonly failed: number;
  readonly groupsCreated: number;
  readonly importedUntil: string | null;
}

/** The live notice's states (the hub's `event`, resourceType `externalImport`). */
export type ImportStatus = 'started' | 'succeeded' | 'failed';

const noticeCode: Record<ImportStatus, ErrorCode> = {
  started: 'externalImportStarted',
  succeeded: 'externalImportSucceeded',
  failed: 'externalImportFailed',
};

/** A product index from the shop's SKU (upper case, no underscores), or from its id when it has none. */
export const productIndexOf = (p: Pick<ShopProduct, 'sku' | 'externalId'>): string =>
  (p.sku || `WC-${p.externalId}`).replace(/_/g, '-').toUpperCase().slice(0, 64);

const running = new WeakMap<AppContext, Set<string>>();

/**
 * GET ProductExternal/import/{id}: products of the shop behind active credentials become Aisle products (index
 * from the SKU, name, EAN as a barcode, weight, the first category as the main group; categories become
 * product groups) and external products linked to them. Pages of 100 are read in turn; only products changed
 * since the last complete import are asked for. Every write goes through the generic resource rules (access,
 * validation, record log, live changes). The user hears "started", then "succeeded" or "failed", live.
 */
export class ProductImport {
  private readonly products: ResourceService;
  private readonly groups: ResourceService;
  private readonly externals: ResourceService;

  constructor(
    private readonly ctx: AppContext,
    private readonly credentials: ExternalCredentialsService,
  ) {
    const service = (name: string) => {
      const def = ctx.schema.definitions.find((d) => d.name === name);
      if (!def) throw new Error(`${name} is not defined`);
      return new ResourceService(ctx, def);
    };
    this.products = service('product');
    this.groups = service('productGroup');
    this.externals = service('productExternal');
  }

  /**
   * Checks what can be checked at once (access, active credentials), then runs the import in the background.
   * Returns false when an import of these credentials is already running in this process.
   */
  async start(scope: Scope, credentialsId: string): Promise<{ started: boolean; done: Promise<void> }> {
    this.products.assertWrite(scope);
    this.externals.assertWrite(scope);
    const row = await this.credentials.active(scope, credentialsId);
    let set = running.get(this.ctx);
    if (!set) {
      set = new Set();
      running.set(this.ctx, set);
    }
    if (set.has(credentialsId)) return { started: false, done: Promise.resolve() };
    set.add(credentialsId);
    const runs = set;
    this.notify(scope, credentialsId, 'started', {});
    const done = this.run(scope, row)
      .then((summary) => this.notify(scope, credentialsId, 'succeeded', summary))
      .catch(async (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        this.notify(scope, credentialsId, 'failed', { reason });
        await writeSystemLog(this.ctx, undefined, {
          level: 'error',
          message: `external import ${credentialsId} failed`,
          exception: error instanceof Error ? (error.stack ?? reason) : reason,
          source: 'external import',
        });
      })
      .finally(() => runs.delete(credentialsId));
    return { started: true, done };
  }

  private notify(
    scope: Scope,
    credentialsId: string,
    status: ImportStatus,
    details: Partial<Record<keyof ImportSummary | 'reason', string | number | null>>,
  ): void {
    const extra: Record<string, string> = {};
    for (const [k, v] of Object.entries(details)) if (v !== null && v !== undefined) extra[k] = String(v);
    publishToUsers(this.ctx, {
      userIds: [scope.userId],
      payload: {
        ...extra,
        resourceType: 'externalImport',
        id: credentialsId,
        action: 'update',
        status,
        code: noticeCode[status],
        message: translate(scope.claims.lng, 'errors', noticeCode[status]),
      },
    });
  }

  /** Reads every page of changed products and stores them; the starting point moves only if none failed. */
  async run(scope: Scope, credentials: Row): Promise<ImportSummary> {
    const credentialsId = String(credentials.id);
    const adapter = this.credentials.adapter(credentials);
    const since =
      credentials.importedUntil instanceof Date ? credentials.importedUntil.toISOString() : undefined;
    const groupIds = new Map<string, string>();
    let created = 0;
    let updated = 0;
    let failed = 0;
    let groupsCreated = 0;
    let newest = since;
    let page = 1;
    let pages = 1;
    let total = 0;
    do {
      const got = await adapter.productsPage(page, since);
      pages = got.totalPages;
      total = got.total;
      for (const product of got.products) {
        try {
          const groupId = await this.groupOf(scope, product.categories[0], groupIds, () => {
            groupsCreated += 1;
          });
          const outcome = await this.store(scope, credentials, product, groupId);
          if (outcome === 'created') created += 1;
          else updated += 1;
          if (!newest || product.modifiedAt > newest) newest = product.modifiedAt;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed += 1;
          await writeSystemLog(this.ctx, undefined, {
            level: 'warning',
            message: `external product ${product.externalId} (${product.sku}) not imported: ${error.code}`,
            source: 'external import',
          });
        }
      }
      page += 1;
    } while (page <= pages);
    const importedUntil = failed === 0 ? newest : since;
    if (importedUntil && importedUntil !== since)
      await this.credentials.markImported(scope, credentialsId, new Date(importedUntil));
    return { total, pages, created, updated, failed, groupsCreated, importedUntil: importedUntil ?? null };
  }

  private async findBy(
    service: ResourceService,
    scope: Scope,
    where: Record<string, string>,
  ): Promise<Row | undefined> {
    const table = this.ctx.schema.resourceTables[service.def.name];
    if (!table) return undefined;
    const conditions = [eq(table.clientAccountId as PgColumn, scope.clientAccountId)];
    for (const [name, value] of Object.entries(where)) conditions.push(eq(table[name] as PgColumn, value));
    const [row] = await this.ctx.db
      .select({ id: table.id as PgColumn })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    return row ? service.get(scope, String(row.id)) : undefined;
  }

  /** The product group named like the category, made when missing. */
  private async groupOf(
    scope: Scope,
    category: string | undefined,
    known: Map<string, string>,
    onCreate: () => void,
  ): Promise<string | null> {
    if (!category) return null;
    const name = category.slice(0, 100);
    const cached = known.get(name);
    if (cached) return cached;
    const found = await this.findBy(this.groups, scope, { name });
    let id = found ? String(found.id) : undefined;
    if (!id) {
      id = String((await this.groups.create(scope, { name })).id);
      onCreate();
    }
    known.set(name, id);
    return id;
  }

  private async store(
    scope: Scope,
    credentials: Row,
    p: ShopProduct,
    groupId: string | null,
  ): Promise<'created' | 'updated'> {
    const index = productIndexOf(p);
    const existing = await this.findBy(this.products, scope, { index });
    const barcodes = Array.isArray(existing?.barcodes) ? (existing.barcodes as string[]) : [];
    const fields: Row = {
      name: p.name.slice(0, 300),
      weight: p.weight,
      mainGroupId: groupId ?? existing?.mainGroupId ?? null,
      barcodes: p.ean && !barcodes.includes(p.ean) ? [...barcodes, p.ean] : barcodes,
    };
    const product = existing
      ? await this.products.update(scope, String(existing.id), fields)
      : await this.products.create(scope, { index, unit: 'pcs', ...fields });

    const external: Row = {
      serviceName: String(credentials.serviceName),
      username: typeof credentials.username === 'string' ? credentials.username.slice(0, 100) : null,
      name: p.name.slice(0, 300),
      description: p.description || null,
      ean: p.ean?.slice(0, 32) ?? null,
      imageUrl: p.imageUrl?.slice(0, 1000) ?? null,
      productId: product.id,
      credentialsId: String(credentials.id),
      externalId: p.externalId,
      sku: p.sku.slice(0, 100) || null,
    };
    const known = await this.findBy(this.externals, scope, {
      credentialsId: String(credentials.id),
      externalId: p.externalId,
    });
    if (known) await this.externals.update(scope, String(known.id), external);
    else await this.externals.create(scope, external);
    return existing ? 'updated' : 'created';
  }
}
