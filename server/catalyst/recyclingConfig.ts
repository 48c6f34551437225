import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type QuoteUnit, quoteUnits } from '../../domain/catalyst/rateOptions';
import { type RoundingMode, roundingModes } from '../../domain/catalyst/rounding';
import { AppError, type FieldError } from '../../domain/errors';
import type { Executor, Tx } from '../db/client';
import type { ResourceTable } from '../db/resourceTables';
import { catalystConfig } from './catalystTables';

/** ClientRecyclingConfig: the company's settings of the catalyst module (one per company, no id). */
export interface RecyclingConfig {
  /** Currency of every price and effective rate (ISO 4217). */
  readonly currency: string;
  /** Unit metal rates are shown in to clients (prices are per piece). */
  readonly priceUnit: QuoteUnit;
  readonly roundingDecimals: number;
  readonly roundingMode: RoundingMode;
  /** Refining charge per kg of dry catalyst. */
  readonly refiningChargePerKg: number;
  /** Group of client accounts that have none. */
  readonly defaultUserGroupId: string | null;
  /** Minutes before the first and the last update of the day that announce opening and closing. */
  readonly phaseNoticeMinutes: number;
  readonly version: number;
}

/** Until a company saves its configuration: EUR per gram, two decimals rounded to the nearest. */
export const defaultRecyclingConfig: RecyclingConfig = {
  currency: 'EUR',
  priceUnit: 'g',
  roundingDecimals: 2,
  roundingMode: 'nearest',
  refiningChargePerKg: 0,
  defaultUserGroupId: null,
  phaseNoticeMinutes: 30,
  version: 0,
};

const fail = (code: 'invalidValue' | 'minValue' | 'maxValue') => ({ error: code });

export const inputSchema = z.object({
  currency: z
    .string(fail('invalidValue'))
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, fail('invalidValue'))
    .optional(),
  priceUnit: z.enum(quoteUnits, fail('invalidValue')).optional(),
  roundingDecimals: z
    .number(fail('invalidValue'))
    .int(fail('invalidValue'))
    .min(0, fail('minValue'))
    .max(4, fail('maxValue'))
    .optional(),
  roundingMode: z.enum(roundingModes, fail('invalidValue')).optional(),
  refiningChargePerKg: z
    .number(fail('invalidValue'))
    .min(0, fail('minValue'))
    .max(1_000_000, fail('maxValue'))
    .optional(),
  defaultUserGroupId: z.uuid(fail('invalidValue')).nullable().optional(),
  phaseNoticeMinutes: z
    .number(fail('invalidValue'))
    .int(fail('invalidValue'))
    .min(0, fail('minValue'))
    .max(240, fail('maxValue'))
    .optional(),
  version: z.number().int().optional(),
});

export const readRecyclingConfig = async (
  db: Executor,
  clientAccountId: string,
): Promise<RecyclingConfig> => {
  const [row] = await db
    .select()
    .from(catalystConfig)
    .where(eq(catalystConfig.clientAccountId, clientAccountId));
  return row ? configOfRow(row) : defaultRecyclingConfig;
};

/** A catalyst_config row (or the same fields from a JSON query) as the configuration. */
export const configOfRow = (row: Record<string, unknown>): RecyclingConfig => ({
  currency: String(row.currency ?? 'EUR'),
  priceUnit: (quoteUnits as readonly string[]).includes(String(row.priceUnit ?? row.price_unit))
    ? (String(row.priceUnit ?? row.price_unit) as QuoteUnit)
    : 'g',
  roundingDecimals: Number(row.roundingDecimals ?? row.rounding_decimals ?? 2),
  roundingMode: (roundingModes as readonly string[]).includes(String(row.roundingMode ?? row.rounding_mode))
    ? (String(row.roundingMode ?? row.rounding_mode) as RoundingMode)
    : 'nearest',
  refiningChargePerKg: Number(row.refiningChargePerKg ?? row.refining_charge_per_kg ?? 0),
  defaultUserGroupId: (row.defaultUserGroupId ?? row.default_user_group_id ?? null) as string | null,
  phaseNoticeMinutes: Number(row.phaseNoticeMinutes ?? row.phase_notice_minutes ?? 30),
  version: Number(row.version ?? 0),
});

/**
 * Saves the configuration (fields present replace the stored ones). A `version` makes the save conditional.
 * The default group must be a client group of the same company.
 */
export const saveRecyclingConfig = async (
  tx: Tx,
  clientAccountId: string,
  userGroups: ResourceTable,
  input: unknown,
): Promise<RecyclingConfig> => {
  const parsed = inputSchema.safeParse(typeof input === 'object' && input !== null ? input : {});
  if (!parsed.success) {
    const fields: FieldError[] = parsed.error.issues.map((i) => ({
      field: String(i.path[0] ?? ''),
      rule: (['minValue', 'maxValue'].includes(i.message) ? i.message : 'invalidValue') as FieldError['rule'],
    }));
    throw new AppError('formHasErrors', { fields });
  }
  const { version, ...changes } = parsed.data;
  const [current] = await tx
    .select()
    .from(catalystConfig)
    .where(eq(catalystConfig.clientAccountId, clientAccountId))
    .for('update');
  if (version !== undefined && version !== (current?.version ?? 0))
    throw new AppError('statusForbidsChange', { status: 409 });
  if (changes.defaultUserGroupId) {
    const id = userGroups.id;
    const account = userGroups.clientAccountId;
    if (!id || !account) throw new Error('the client group table has no id');
    const found = await tx
      .select({ id })
      .from(userGroups)
      .where(and(eq(id, changes.defaultUserGroupId), eq(account, clientAccountId)));
    if (!found.length)
      throw new AppError('formHasErrors', {
        fields: [{ field: 'defaultUserGroupId', rule: 'invalidValue' }],
      });
  }
  const [saved] = current
    ? await tx
        .update(catalystConfig)
        .set({ ...changes, updatedAt: new Date(), version: sql`${catalystConfig.version} + 1` })
        .where(eq(catalystConfig.clientAccountId, clientAccountId))
        .returning()
    : await tx
        .insert(catalystConfig)
        .values({ ...changes, clientAccountId })
        .returning();
  if (!saved) throw new AppError('saveFailed');
  return configOfRow(saved);
};
