import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import type { ExternalCredentialsConfig } from '../../domain/external/externalCredentialsConfig';
import type { AppContext } from '../context';
import { openSecret } from '../office/secrets';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { type FetchLike, type ShopConnection, WooCommerceAdapter } from './wooCommerce';

/** How long an activation code from the configuration holds. */
export const activationCodeValidityMs = 30 * 60 * 1000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : null);

/**
 * External credentials beyond their generic CRUD: the configuration (never the secret), the activation that
 * checks them against the service, and the opened connection for adapters. Super users of the account only.
 */
export class ExternalCredentialsService {
  private readonly resources: ResourceService;

  constructor(
    private readonly ctx: AppContext,
    private readonly fetchFn: FetchLike = fetch,
  ) {
    const def = ctx.schema.definitions.find((d) => d.name === 'externalCredentials');
    if (!def) throw new Error('externalCredentials is not defined');
    this.resources = new ResourceService(ctx, def);
  }

  private get table() {
    const table = this.ctx.schema.resourceTables.externalCredentials;
    if (!table) throw new Error('no externalCredentials table');
    return table;
  }

  private col(name: string): PgColumn {
    return this.table[name] as PgColumn;
  }

  /** The stored row (sealed secret, code hash) after the generic read check (access, tenancy). */
  async raw(scope: Scope, id: string): Promise<Row> {
    await this.resources.get(scope, id);
    const [row] = await this.ctx.db
      .select()
      .from(this.table)
      .where(and(eq(this.col('id'), id), eq(this.col('clientAccountId'), scope.clientAccountId)));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** Stores server-kept values; a visible change (active, imported up to) is a new version others hear of. */
  private async set(scope: Scope, id: string, values: Row, visible: boolean): Promise<void> {
    const where = and(eq(this.col('id'), id), eq(this.col('clientAccountId'), scope.clientAccountId));
    if (!visible) {
      await this.ctx.db.update(this.table).set(values).where(where);
      return;
    }
    await this.ctx.db
      .update(this.table)
      .set({ ...values, updatedAt: new Date(this.ctx.clock.now()), version: sql`${this.col('version')} + 1` })
      .where(where);
    this.resources.publish(scope, id, 'update');
  }

  /**
   * The configuration without the secret. While the credentials are inactive it issues a fresh activation code
   * (only its hash is kept; an earlier code stops working).
   */
  async config(scope: Scope, id: string): Promise<ExternalCredentialsConfig> {
    const row = await this.raw(scope, id);
    let code: string | null = null;
    let validUntil: Date | null = null;
    if (row.isActive !== true) {
      code = randomBytes(6).toString('base64url');
      validUntil = new Date(this.ctx.clock.now() + activationCodeValidityMs);
      await this.set(
        scope,
        id,
        { activationCodeHash: hashOf(code), activationCodeValidUntil: validUntil },
        false,
      );
    }
    return {
      id,
      serviceType: String(row.serviceType),
      serviceName: String(row.serviceName),
      baseUrl: String(row.baseUrl),
      username: typeof row.username === 'string' ? row.username : null,
      hasSecret: typeof row.secret === 'string' && row.secret !== '',
      isActive: row.isActive === true,
      refreshTokenValidity: iso(row.refreshTokenValidity),
      importedUntil: iso(row.importedUntil),
      activationCode: code,
      activationCodeValidUntil: iso(validUntil),
    };
  }

  /** The shop connection of the credentials, with the secret opened (for adapters, never for callers). */
  connection(row: Row): ShopConnection {
    return {
      baseUrl: String(row.baseUrl),
      key: typeof row.username === 'string' ? row.username : '',
      secret: openSecret(this.ctx.config.office.secretsKey, row.secret) ?? '',
    };
  }

  adapter(row: Row): WooCommerceAdapter {
    return new WooCommerceAdapter(this.connection(row), this.fetchFn);
  }

  /**
   * Activates the credentials with the code their configuration issued, after one authenticated request to the
   * service shows they work. A wrong code, or one that expired or was replaced, activates nothing.
   */
  async activate(scope: Scope, id: string, code: string): Promise<ExternalCredentialsConfig> {
    this.resources.assertWrite(scope);
    const row = await this.raw(scope, id);
    if (row.isActive === true) return this.config(scope, id);
    const hash = typeof row.activationCodeHash === 'string' ? row.activationCodeHash : '';
    const validUntil =
      row.activationCodeValidUntil instanceof Date ? row.activationCodeValidUntil.getTime() : 0;
    if (!hash || validUntil < this.ctx.clock.now()) throw new AppError('activationCodeNotFound');
    if (!sameHash(hash, hashOf(code))) throw new AppError('wrongActivationCode');
    await this.adapter(row).verify();
    await this.set(
      scope,
      id,
      { isActive: true, activationCodeHash: null, activationCodeValidUntil: null },
      true,
    );
    return this.config(scope, id);
  }

  /** Active credentials for an import, else credentialsNotActive. */
  async active(scope: Scope, id: string): Promise<Row> {
    const row = await this.raw(scope, id);
    if (row.isActive !== true) throw new AppError('credentialsNotActive');
    return row;
  }

  async markImported(scope: Scope, id: string, importedUntil: Date): Promise<void> {
    await this.set(scope, id, { importedUntil }, true);
  }
}
