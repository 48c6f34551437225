import { and, eq, type SQL, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Claims } from '../../domain/auth/claims';
import { AppError, type FieldError } from '../../domain/errors';
import { validateRecord } from '../../domain/resources/schema';
import { isUuid } from '../../domain/rowValues';
import {
  expiresAtOf,
  type LinkEnd,
  linkEndError,
  linkState,
  type OpenedLink,
  type SharedContentType,
  type SharedDuration,
  type SharedView,
  sessionExpiresAt,
  sessionState,
  sharedPagePath,
  viewsOf,
} from '../../domain/sharedAccess/sharedLinks';
import { secretCode } from '../auth/secretCode';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { clientAccount } from '../db/internalTables';
import type { ResourceTable } from '../db/resourceTables';
import { inTransaction } from '../http/dbErrors';
import { sharedLinkMail } from '../portal/portalMail';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow, toDbValues } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { assertRefsInAccount } from '../warehouse/orders/assertRefsInAccount';
import { SharedAttemptLimiter } from './sharedAttemptLimiter';
import { column, hintOf, linkTimesOf } from './sharedLinkRows';

const sessionAudience = 'aisle-shared';
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A link as made: the record, and once only the secret that opens it (a page link or an API token). */
export interface CreatedLink {
  readonly record: Row;
  readonly link: string | null;
  readonly token: string | null;
  readonly mailedTo: string | null;
}

const durationOf = (stored: unknown): SharedDuration =>
  stored === 'unlimited' || stored === null || stored === undefined
    ? null
    : (Number(stored) as Exclude<SharedDuration, null>);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * Shared access links (docs/decisions.md "Shared access links"): staff make, withdraw and delete them; anyone
 * holding a key opens its page, anyone holding an API token reads the two inventory calls with it. Each way a
 * link ends (time, first use of a single-use link, withdrawal) has its own error; failed attempts are limited per
 * address.
 */
export class SharedLinks {
  private readonly service: ResourceService;
  private readonly table: ResourceTable;
  private readonly limiter: SharedAttemptLimiter;

  constructor(private readonly ctx: AppContext) {
    const def = ctx.schema.definitions.find((d) => d.name === 'sharedAccess');
    const table = ctx.schema.resourceTables.sharedAccess;
    if (!def || !table) throw new Error('the sharedAccess resource is missing');
    this.service = new ResourceService(ctx, def);
    this.table = table;
    this.limiter = new SharedAttemptLimiter(ctx);
  }

  private get def() {
    return this.service.def;
  }

  private col(name: string) {
    return column(this.table, name);
  }

  private now(): Date {
    return new Date(this.ctx.clock.now());
  }

  // ---- staff ---------------------------------------------------------------------------------------------

  /** One transaction; database constraint failures become catalogue errors. */
  private write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return inTransaction(this.ctx.db, fn);
  }

  /** A company or person of the account (undefined when there is none of that id). */
  private async find(db: Executor, scope: Scope, resource: 'company' | 'person', id: string) {
    const t = this.ctx.schema.resourceTables[resource];
    if (!t || !isUuid(id)) return undefined;
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(column(t, 'clientAccountId'), scope.clientAccountId), eq(column(t, 'id'), id)));
    return row;
  }

  private async accountName(clientAccountId: string): Promise<string> {
    const [account] = await this.ctx.db
      .select({ name: clientAccount.name })
      .from(clientAccount)
      .where(eq(clientAccount.id, clientAccountId));
    return account?.name ?? '';
  }

  /**
   * POST /api/SharedAccess: `{ contentType, recipientContractorId | recipientPersonId, contractorId?,
   * durationMinutes, singleUse, email? }`. A contractor recipient sees its own goods; for a person the creator
   * chooses the contractor (default: the person's company). `email` sends the link there.
   */
  async create(scope: Scope, body: unknown, lng: string | undefined): Promise<CreatedLink> {
    this.service.assertWrite(scope);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('badRequest');
    const given = body as Row;
    const input: Row = {
      contentType: given.contentType,
      recipientContractorId: given.recipientContractorId ?? null,
      recipientPersonId: given.recipientPersonId ?? null,
      contractorId: given.contractorId ?? given.recipientContractorId ?? null,
      durationMinutes:
        given.durationMinutes === null
          ? 'unlimited'
          : given.durationMinutes === undefined
            ? undefined
            : String(given.durationMinutes),
      singleUse: given.singleUse ?? false,
    };
    const fields: FieldError[] = [];
    const contractorRecipient = text(input.recipientContractorId);
    const personRecipient = text(input.recipientPersonId);
    if (!contractorRecipient && !personRecipient)
      fields.push({ field: 'recipientContractorId', rule: 'required' });
    if (contractorRecipient && personRecipient)
      fields.push({ field: 'recipientPersonId', rule: 'invalidValue' });
    if (contractorRecipient && input.contractorId !== contractorRecipient)
      fields.push({ field: 'contractorId', rule: 'invalidValue' });
    const email =
      given.email === undefined || given.email === null || given.email === '' ? null : given.email;
    const mailTo =
      typeof email === 'string' && email.length <= 256 && emailPattern.test(email) ? email : null;
    if (email !== null && mailTo === null) fields.push({ field: 'email', rule: 'email' });

    const created = await this.write(async (tx) => {
      if (personRecipient && !input.contractorId && !fields.length) {
        const person = await this.find(tx, scope, 'person', personRecipient);
        input.contractorId = person?.companyId ?? null;
      }
      const checked = validateRecord(this.def, input);
      const errors = [...fields, ...checked.errors];
      if (errors.length) throw new AppError('formHasErrors', { fields: errors });
      const values = toDbValues(this.def, checked.value);
      await assertRefsInAccount(this.ctx, tx, scope, this.def, [{ values, prefix: '' }]);
      const contractor = await this.find(tx, scope, 'company', String(values.contractorId));
      const person = personRecipient ? await this.find(tx, scope, 'person', personRecipient) : undefined;
      const recipientName = person
        ? [person.firstName, person.lastName].filter((p) => typeof p === 'string' && p).join(' ')
        : String(contractor?.shortName ?? '');
      const type = values.contentType as SharedContentType;
      const secret = secretCode.create();
      const api = type === 'api';
      const now = this.now();
      const [row] = await tx
        .insert(this.table)
        .values({
          ...values,
          clientAccountId: scope.clientAccountId,
          recipientName,
          token: api ? hintOf(secret.code) : null,
          tokenHash: api ? secret.hash : null,
          shortUrlKey: api ? null : hintOf(secret.code),
          keyHash: api ? null : secret.hash,
          isAvailable: true,
          activationCount: 0,
          expiresAt: expiresAtOf(now, durationOf(values.durationMinutes)),
          createdById: scope.userId,
          createdByName: scope.userName,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new AppError('saveFailed');
      await this.service.log(tx, scope, 'create', String(row.id), undefined, row);
      return {
        row,
        contractorName: String(contractor?.shortName ?? ''),
        link: api ? null : `${this.ctx.config.publicUrl}${sharedPagePath(type)}?key=${secret.code}`,
        token: api ? secret.code : null,
      };
    });
    this.service.publish(scope, String(created.row.id), 'create');
    if (mailTo !== null) {
      const expiresAt = created.row.expiresAt instanceof Date ? created.row.expiresAt : null;
      await this.ctx.mailer.send(
        scope.clientAccountId,
        sharedLinkMail(lng, {
          to: mailTo,
          company: await this.accountName(scope.clientAccountId),
          contractor: created.contractorName,
          contentType: String(created.row.contentType),
          expiresAt: expiresAt ? `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null,
          singleUse: created.row.singleUse === true,
          link: created.link,
          token: created.token,
        }),
      );
    }
    return {
      record: toApiRow(this.def, created.row),
      link: created.link,
      token: created.token,
      mailedTo: mailTo,
    };
  }

  /** POST /api/SharedAccess/{id}/withdraw: the link stops at once; who and when are recorded. */
  async withdraw(scope: Scope, id: string): Promise<Row> {
    this.service.assertWrite(scope);
    const row = await this.write(async (tx) => {
      const existing = await this.findForUpdate(tx, scope, id);
      if (existing.withdrawedAt) throw new AppError('statusForbidsChange');
      const now = this.now();
      const state = linkState({ ...linkTimesOf(existing), withdrawnAt: now }, now);
      const [updated] = await tx
        .update(this.table)
        .set({
          withdrawedAt: now,
          withdrawedById: scope.userId,
          withdrawedByName: scope.userName,
          isAvailable: false,
          endReason: state === 'available' ? 'withdrawn' : state,
          updatedAt: now,
          version: sql`${this.col('version')} + 1`,
        })
        .where(and(this.service.scopeCondition(scope), eq(this.col('id'), id)))
        .returning();
      if (!updated) throw new AppError('notFoundOrNoPermission');
      await this.service.log(tx, scope, 'update', id, existing, updated);
      return updated;
    });
    this.service.publish(scope, id, 'update');
    return toApiRow(this.def, row);
  }

  /** DELETE /api/SharedAccess/{id}: the record goes (a link still open stops with it). */
  async remove(scope: Scope, id: string): Promise<void> {
    this.service.assertWrite(scope);
    await this.write(async (tx) => {
      const existing = await this.findForUpdate(tx, scope, id);
      await tx.delete(this.table).where(and(this.service.scopeCondition(scope), eq(this.col('id'), id)));
      await this.service.log(tx, scope, 'delete', id, existing, undefined);
    });
    this.service.publish(scope, id, 'delete');
  }

  private async findForUpdate(tx: Tx, scope: Scope, id: string): Promise<Row> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await tx
      .select()
      .from(this.table)
      .where(and(this.service.scopeCondition(scope), eq(this.col('id'), id)))
      .for('update');
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  // ---- public --------------------------------------------------------------------------------------------

  /** An ended link's own error, after counting the attempt against the address. */
  private async ended(end: LinkEnd, address: string): Promise<never> {
    await this.limiter.recordFailure(address);
    throw new AppError(linkEndError[end]);
  }

  private async unknown(address: string): Promise<never> {
    await this.limiter.recordFailure(address);
    throw new AppError('sharedLinkNotFound');
  }

  /**
   * Records an activation (time, address, count; a single-use link is used up by it) in one statement that
   * re-checks the link, so two simultaneous openings of a single-use link cannot both succeed.
   */
  private async activate(where: SQL, address: string): Promise<Row | undefined> {
    const now = this.now();
    const [row] = await this.ctx.db
      .update(this.table)
      .set({
        lastActivationAt: now,
        lastActivationIp: address.slice(0, 100),
        activationCount: sql`coalesce(${this.col('activationCount')}, 0) + 1`,
        usedAt: sql`case when ${this.col('singleUse')} then coalesce(${this.col('usedAt')}, ${now}) else ${this.col('usedAt')} end`,
        isAvailable: sql`case when ${this.col('singleUse')} then false else ${this.col('isAvailable')} end`,
        endReason: sql`case when ${this.col('singleUse')} then coalesce(${this.col('endReason')}, 'used') else ${this.col('endReason')} end`,
      })
      .where(
        and(
          where,
          sql`${this.col('withdrawedAt')} is null`,
          sql`(${this.col('expiresAt')} is null or ${this.col('expiresAt')} > ${now})`,
          sql`(not ${this.col('singleUse')} or ${this.col('usedAt')} is null)`,
        ),
      )
      .returning();
    return row;
  }

  /** Finds a link by the hash of its key or token (any account: the secret itself says which). */
  private async byHash(field: 'keyHash' | 'tokenHash', secret: string): Promise<Row | undefined> {
    const [row] = await this.ctx.db
      .select()
      .from(this.table)
      .where(eq(this.col(field), secretCode.hash(secret)))
      .limit(1);
    return row;
  }

  /** POST /api/shared/open `{ key }`: opens a page link, records the activation, gives a viewing session. */
  async open(key: unknown, address: string): Promise<OpenedLink> {
    await this.limiter.assertAllowed(address);
    if (!secretCode.isWellFormed(key)) return this.unknown(address);
    const found = await this.byHash('keyHash', key);
    if (!found) return this.unknown(address);
    const row = await this.activate(eq(this.col('id'), String(found.id)), address);
    if (!row) {
      const state = linkState(linkTimesOf(await this.reread(found)), this.now());
      return this.ended(state === 'available' ? 'withdrawn' : state, address);
    }
    const openedAt = this.now();
    const until = sessionExpiresAt(linkTimesOf(row), openedAt);
    const session = await new SignJWT({ lid: String(row.id), acc: String(row.clientAccountId) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(openedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(until.getTime() / 1000))
      .setAudience(sessionAudience)
      .sign(this.sessionKey());
    const type = row.contentType as SharedContentType;
    const names = await this.namesOf(row);
    return {
      session,
      contentType: type,
      views: viewsOf(type),
      recipientName: String(row.recipientName ?? ''),
      contractorName: names.contractor,
      companyName: names.company,
      sessionExpiresAt: until.toISOString(),
      linkExpiresAt: row.expiresAt instanceof Date ? row.expiresAt.toISOString() : null,
    };
  }

  private async reread(row: Row): Promise<Row> {
    const [current] = await this.ctx.db
      .select()
      .from(this.table)
      .where(eq(this.col('id'), String(row.id)));
    return current ?? row;
  }

  private async namesOf(row: Row): Promise<{ contractor: string; company: string }> {
    const companies = this.ctx.schema.resourceTables.company;
    if (!companies) throw new Error('no company table');
    const [contractor] = await this.ctx.db
      .select({ name: column(companies, 'shortName') })
      .from(companies)
      .where(eq(column(companies, 'id'), String(row.contractorId)));
    return {
      contractor: String(contractor?.name ?? ''),
      company: await this.accountName(String(row.clientAccountId)),
    };
  }

  /** Sessions are signed with their own key, derived from the server's secret (never an access token). */
  private sessionKey(): Uint8Array {
    return new TextEncoder().encode(`${this.ctx.config.jwtSecret}:shared-session`);
  }

  /**
   * The reader of a shared link for one inventory call: a viewing session of a page link, or the API token of an
   * API link (each API call is an activation; a single-use token reads once). Throws the link's own error when it
   * ended, forbidden when the link does not show this view.
   */
  async readerOf(bearer: string, view: SharedView, address: string): Promise<Scope> {
    await this.limiter.assertAllowed(address);
    let row: Row | undefined;
    if (secretCode.isWellFormed(bearer)) {
      const found = await this.byHash('tokenHash', bearer);
      if (!found) return this.unknown(address);
      if (!viewsOf(found.contentType as SharedContentType).includes(view)) throw new AppError('forbidden');
      row = await this.activate(eq(this.col('id'), String(found.id)), address);
      if (!row) {
        const state = linkState(linkTimesOf(await this.reread(found)), this.now());
        return this.ended(state === 'available' ? 'withdrawn' : state, address);
      }
    } else {
      const payload = await jwtVerify(bearer, this.sessionKey(), {
        audience: sessionAudience,
        algorithms: ['HS256'],
        currentDate: this.now(),
      }).then(
        (r) => r.payload,
        (error: unknown) => ((error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : undefined),
      );
      if (payload === 'expired') return this.ended('expired', address);
      const linkId = typeof payload?.lid === 'string' ? payload.lid : '';
      if (!isUuid(linkId)) throw new AppError('unauthorized');
      const [found] = await this.ctx.db
        .select()
        .from(this.table)
        .where(eq(this.col('id'), linkId));
      // A deleted link ends its sessions like a withdrawn one.
      if (!found) return this.ended('withdrawn', address);
      const state = sessionState(linkTimesOf(found), this.now());
      if (state !== 'available') return this.ended(state, address);
      if (!viewsOf(found.contentType as SharedContentType).includes(view)) throw new AppError('forbidden');
      row = found;
    }
    return linkScope(row);
  }
}

/**
 * The tenancy scope a link reads with: the link's account and contractor, as a portal user of that contractor
 * would (server/resources/contractorScope.ts decides what that is); it holds no staff claim.
 */
export const linkScope = (row: Row): Scope => {
  const claims: Claims = {
    sub: String(row.id),
    acc: String(row.clientAccountId),
    ctr: String(row.contractorId),
    name: String(row.recipientName ?? ''),
    lng: 'en-us',
    IsSuperUser: false,
    IsPowerUser: false,
    LogisticsEnabled: false,
    TerminalEnabled: false,
    ShippingEnabled: false,
    ContractorPortalEnabled: true,
    TransportEnabled: false,
    CatalystAdminEnabled: false,
    FaceDatabaseEnabled: false,
    exp: 0,
  };
  return {
    clientAccountId: claims.acc,
    contractorId: claims.ctr,
    userId: claims.sub,
    userName: claims.name,
    claims,
  };
};
