import { sql } from 'drizzle-orm';
import { formatUpdateHour, parseUpdateHours } from '../../domain/catalyst/marketPhase';
import { companyExchangePrice } from '../../domain/catalyst/pricing';
import { AppError, type FieldError } from '../../domain/errors';
import { hashPassword } from '../auth/password';
import type { Tx } from '../db/client';
import type { ResourceHooks } from '../resources/hookTypes';
import type { Row } from '../resources/rows';
import { effectiveRateOf, refreshCompanyRates } from './rates/companyRates';

const formError = (fields: FieldError[]) => new AppError('formHasErrors', { fields });

/**
 * Update hours stored as "HH:MM" (UTC), sorted; an entry that is not a time of day is a field error.
 * A rate fetched over HTTP needs its address and the field holding the quote.
 */
const checkRateSource = (values: Row): Row => {
  const out = { ...values };
  const fields: FieldError[] = [];
  if (Array.isArray(values.updateHours)) {
    const minutes = parseUpdateHours(values.updateHours.map(String));
    if (!minutes) fields.push({ field: 'updateHours', rule: 'invalidValue' });
    else out.updateHours = minutes.map(formatUpdateHour);
  }
  if (values.source === 'http') {
    if (!values.sourceUrl) fields.push({ field: 'sourceUrl', rule: 'required' });
    if (!values.sourceField) fields.push({ field: 'sourceField', rule: 'required' });
  }
  if (typeof values.sourceUrl === 'string' && values.sourceUrl && !/^https?:\/\//i.test(values.sourceUrl))
    fields.push({ field: 'sourceUrl', rule: 'invalidValue' });
  if (fields.length) throw formError(fields);
  return out;
};

/** A changed schedule or source: the scheduler makes the rate's job again from its new update hours. */
const dropJobIfScheduleChanged = async (tx: Tx, row: Row, existing: Row | undefined) => {
  const same = (name: string) =>
    JSON.stringify(row[name] ?? null) === JSON.stringify(existing?.[name] ?? null);
  if (existing && same('updateHours') && same('source')) return;
  await tx.execute(sql`delete from catalyst_job where rate_id = ${String(row.id)}::uuid`);
};

const forgetRate = async (tx: Tx, id: string) => {
  await tx.execute(sql`delete from catalyst_job where rate_id = ${id}::uuid`);
  await tx.execute(sql`delete from catalyst_rate_quote where rate_id = ${id}::uuid`);
};

/** Metal rates: schedule checks, min ≤ max, the effective rate kept current; a metal in use is not deleted. */
const metalRateHooks: ResourceHooks = {
  async beforeWrite({ scope, values, existing, tx }) {
    const out = checkRateSource(values);
    if (typeof out.minRate === 'number' && typeof out.maxRate === 'number' && out.minRate > out.maxRate)
      throw formError([{ field: 'maxRate', rule: 'minValue', params: { min: out.minRate } }]);
    if (Array.isArray(out.updateHours) && out.updateHours.length === 0) out.marketPhase = null;
    // The row is stored with the effective rate its new rule gives.
    out.effectiveRate = await effectiveRateOf(tx, scope.clientAccountId, {
      ...existing,
      ...out,
      id: existing?.id ?? '',
    });
    return out;
  },
  async afterWrite({ scope, row, existing, tx }) {
    await refreshCompanyRates(tx, scope.clientAccountId);
    await dropJobIfScheduleChanged(tx, row, existing);
  },
  async beforeDelete({ scope, existing, tx }) {
    const used = await tx.execute(
      sql`select 1 from catalyst where client_account_id = ${scope.clientAccountId}::uuid
          and product_stock_content @> ${JSON.stringify([{ baseStockId: String(existing.id) }])}::jsonb limit 1`,
    );
    if ((used as { rows?: unknown[] }).rows?.length) throw new AppError('foreignKeyConflict');
    await forgetRate(tx, String(existing.id));
  },
};

/** Exchange rates: "AAA/BBB" of two currencies; the company price and the metals' effective rates kept current. */
const exchangeRateHooks: ResourceHooks = {
  async beforeWrite({ values, existing }) {
    const out = checkRateSource(values);
    const pair = /^([A-Z]{3})\/([A-Z]{3})$/.exec(String(out.pairName ?? ''));
    if (!pair || pair[1] === pair[2]) throw formError([{ field: 'pairName', rule: 'invalidValue' }]);
    const merged = { ...existing, ...out };
    out.latestCompanyCurrencyPrice = companyExchangePrice({
      pairName: String(merged.pairName),
      marketPrice: typeof merged.latestBaseCurrencyPrice === 'number' ? merged.latestBaseCurrencyPrice : null,
      multiplier: typeof merged.multiplier === 'number' ? merged.multiplier : 1,
      constantValue: typeof merged.constantValue === 'number' ? merged.constantValue : 0,
    });
    return out;
  },
  async afterWrite({ scope, row, existing, tx }) {
    await refreshCompanyRates(tx, scope.clientAccountId);
    await dropJobIfScheduleChanged(tx, row, existing);
  },
  async beforeDelete({ scope, existing, tx }) {
    await forgetRate(tx, String(existing.id));
    await refreshCompanyRates(tx, scope.clientAccountId, String(existing.id));
  },
};

/** Client accounts: the password is kept only as its hash; a new account needs one. */
const clientUserHooks: ResourceHooks = {
  async beforeWrite({ values, existing }) {
    const out: Row = { ...values };
    const password = typeof out.password === 'string' ? out.password : undefined;
    delete out.password;
    if (password) out.passwordHash = await hashPassword(password);
    else if (!existing) throw formError([{ field: 'password', rule: 'required' }]);
    return out;
  },
};

/** The catalyst module's rules for its generic resources (server/resources/hooks.ts merges them). */
export const catalystResourceHooks: Readonly<Record<string, ResourceHooks>> = {
  companyStockRateRule: metalRateHooks,
  companyCurrencyRateRule: exchangeRateHooks,
  catalystClientUser: clientUserHooks,
};
