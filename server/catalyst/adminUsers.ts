import { and, eq, type SQL, sql } from 'drizzle-orm';
import { catalystAdminUserDefinition as def } from '../../domain/catalyst/syntheticDefinitions';
import { AppError } from '../../domain/errors';
import { canWrite } from '../../domain/resources/access';
import { dropEmptyWriteOnly, validateRecord } from '../../domain/resources/schema';
import { isUuid } from '../../domain/rowValues';
import { hashPassword } from '../auth/password';
import { userTable } from '../auth/userTable';
import type { AppContext } from '../context';
import { fromDatabaseError } from '../http/dbErrors';
import { ResourceService } from '../resources/resourceService';
import { type Row, toApiRow, toDbValues } from '../resources/rows';
import type { Scope } from '../resources/scope';
import type { SyntheticResource } from './syntheticRoutes';

/** Staff flags a catalyst administrator made here never has; one who has any is managed on the Users screen. */
const otherFlags = [
  'isSuperUser',
  'isPowerUser',
  'logisticsEnabled',
  'shippingEnabled',
  'terminalEnabled',
  'contractorPortalEnabled',
  'transportEnabled',
] as const;

/**
 * catalyst/adminuser: staff users of the company with the catalyst claim. Created here they get that claim
 * and nothing else; a user with any other right is listed but only a super user changes or deletes them
 * here; nobody blocks or deletes themselves.
 */
export const adminUserResource = (ctx: AppContext): SyntheticResource => {
  const { table, col } = userTable(ctx.schema);
  const userDef = ctx.schema.definitions.find((d) => d.name === 'user');
  if (!userDef) throw new Error('the user resource is missing');
  const log = new ResourceService(ctx, userDef);
  const scoped = (scope: Scope): SQL =>
    and(
      eq(col('clientAccountId'), scope.clientAccountId),
      eq(col('catalystAdminEnabled'), true),
      sql`${col('contractorId')} is null`,
    ) as SQL;
  const toApi = (row: Row): Row => toApiRow(def, row);

  const assertWrite = (scope: Scope) => {
    if (!canWrite(def, scope.claims)) throw new AppError('forbidden');
  };
  const mayChange = (scope: Scope, row: Row) => {
    if (!scope.claims.IsSuperUser && otherFlags.some((f) => row[f] === true)) throw new AppError('forbidden');
  };
  const validated = (input: unknown, existing?: Row): Row => {
    const given = typeof input === 'object' && input !== null ? (input as Row) : {};
    const changes = existing ? dropEmptyWriteOnly(def, given) : given;
    const { value, errors } = validateRecord(def, { ...(existing ? toApi(existing) : {}), ...changes });
    if (errors.length) throw new AppError('formHasErrors', { fields: errors });
    if (existing && !('password' in changes)) delete value.password;
    return toDbValues(def, value);
  };
  const withPassword = async (values: Row, required: boolean): Promise<Row> => {
    const out = { ...values };
    const password = typeof out.password === 'string' ? out.password : undefined;
    delete out.password;
    if (password) out.passwordHash = await hashPassword(password);
    else if (required)
      throw new AppError('formHasErrors', { fields: [{ field: 'password', rule: 'required' }] });
    return out;
  };
  const write = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const mapped = fromDatabaseError(err);
      if (mapped?.code === 'uniqueConflict' && mapped.fields?.length) {
        const rule = mapped.fields[0]?.field === 'email' ? 'emailExist' : 'usernameExist';
        throw new AppError(rule, { fields: mapped.fields.map((f) => ({ ...f, rule })) });
      }
      throw mapped ?? err;
    }
  };
  const find = async (
    tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
    scope: Scope,
    id: string,
  ) => {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(scoped(scope), sql`${col('id')} = ${id}::uuid`))
      .for('update');
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  };

  return {
    def,
    table,
    where: scoped,
    toApi,
    create: async (scope, input) => {
      assertWrite(scope);
      const values = await withPassword(validated(input), true);
      const row = await write(() =>
        ctx.db.transaction(async (tx) => {
          const [made] = await tx
            .insert(table)
            .values({
              ...values,
              clientAccountId: scope.clientAccountId,
              catalystAdminEnabled: true,
              isActivated: true,
              createdDate: new Date(),
            })
            .returning();
          if (!made) throw new AppError('saveFailed');
          await log.log(tx, scope, 'create', String(made.id), undefined, made);
          return made;
        }),
      );
      log.publish(scope, String(row.id), 'create');
      return toApi(row);
    },
    update: async (scope, id, input) => {
      assertWrite(scope);
      if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
      const row = await write(() =>
        ctx.db.transaction(async (tx) => {
          const existing = await find(tx, scope, id);
          mayChange(scope, existing);
          const values = await withPassword(validated(input, existing), false);
          if (existing.id === scope.userId && values.isBlocked === true)
            throw new AppError('forbidden', { fields: [{ field: 'isBlocked', rule: 'invalidValue' }] });
          const [updated] = await tx
            .update(table)
            .set({ ...values, updatedAt: new Date(), version: sql`${col('version')} + 1` })
            .where(and(scoped(scope), sql`${col('id')} = ${id}::uuid`))
            .returning();
          if (!updated) throw new AppError('notFoundOrNoPermission');
          await log.log(tx, scope, 'update', id, existing, updated);
          return updated;
        }),
      );
      log.publish(scope, id, 'update');
      return toApi(row);
    },
    remove: async (scope, id) => {
      assertWrite(scope);
      if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
      if (id === scope.userId) throw new AppError('forbidden');
      await write(() =>
        ctx.db.transaction(async (tx) => {
          const existing = await find(tx, scope, id);
          mayChange(scope, existing);
          await tx.delete(table).where(and(scoped(scope), sql`${col('id')} = ${id}::uuid`));
          await log.log(tx, scope, 'delete', id, existing, undefined);
        }),
      );
      log.publish(scope, id, 'delete');
    },
  };
};
