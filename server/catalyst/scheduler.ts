import { sql } from 'drizzle-orm';
import { marketPhaseAt, nextSlotAfter, parseUpdateHours } from '../../domain/catalyst/marketPhase';
import {
  gramsPerUnit,
  type MarketPhase,
  type QuoteUnit,
  quoteUnits,
} from '../../domain/catalyst/rateOptions';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rawRows';
import type { CatalystNotice, CatalystNotices } from './notices';
import { type RateKind, rateResources, rateTables } from './rates/companyRates';
import { fetchHttpQuote, SourceError } from './rates/httpSource';
import { recordQuote } from './rates/quotes';
import { type CatalystUnit, inUnit } from './unitOfWork';

export interface SchedulerOptions {
  readonly clock: () => Date;
  /** This process, in job leases. */
  readonly origin: string;
  readonly notices: CatalystNotices;
  readonly allowPrivateSources: boolean;
  /** How long a claimed job stays this process's before another may take it over. */
  readonly leaseMs?: number;
  readonly fetchTimeoutMs?: number;
  readonly onError: (error: unknown) => void;
}

/** What one run did, for the caller (tests and logs). */
export interface SchedulerRun {
  /** Jobs made for rates that had none (new, or their schedule changed). */
  readonly created: number;
  readonly ran: readonly {
    readonly rateId: string;
    readonly kind: RateKind;
    readonly fetched: boolean;
    readonly error: string | null;
    readonly phase: MarketPhase | null;
  }[];
}

interface PhaseNotice {
  readonly account: string;
  readonly notice: CatalystNotice;
}

const maxAttempts = 3;
const retryMs = 5 * 60_000;

const dateOf = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const updatesOf = (v: unknown): number[] => {
  const list = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? (parseUpdateHours(list.map(String)) ?? []) : [];
};

/**
 * The rates' scheduler: at each metal's (or exchange rate's) update hours in UTC it fetches the quote from an
 * HTTP source, records it and moves the market phase; between them it moves the phase at the notices before
 * opening and closing. Jobs live in PostgreSQL (catalyst_job): a due job is claimed in one statement with
 * FOR UPDATE SKIP LOCKED and a lease, so across several server processes each slot runs once, and a job of a
 * process that stopped mid-run is taken over when its lease ends. Time comes from the injected clock.
 */
export class CatalystScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SchedulerRun> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly opts: SchedulerOptions,
  ) {}

  /** Runs every job that is due now (and makes the missing ones); one run at a time per process. */
  runDue(): Promise<SchedulerRun> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    const tick = () => {
      this.runDue().catch(this.opts.onError);
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async run(): Promise<SchedulerRun> {
    const created = await this.ensureJobs();
    const now = this.opts.clock();
    const lease = new Date(now.getTime() + (this.opts.leaseMs ?? 120_000));
    const claimed = rowsOf(
      await this.ctx.db.execute(sql`
        update catalyst_job set locked_until = ${lease.toISOString()}::timestamptz, locked_by = ${this.opts.origin}
        where rate_id in (
          select rate_id from catalyst_job
          where run_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          order by run_at limit 20 for update skip locked)
        returning *`),
    );
    const ran: SchedulerRun['ran'][number][] = [];
    for (const job of claimed) {
      try {
        const done = await this.runJob(job);
        if (done) ran.push(done);
      } catch (error) {
        this.opts.onError(error);
      }
    }
    return { created, ran };
  }

  /** Rates with update hours but no job (new, or their schedule changed) get one, and their current phase. */
  private async ensureJobs(): Promise<number> {
    const now = this.opts.clock();
    const rows = rowsOf(
      await this.ctx.db.execute(sql`
        select 'metal' as kind, r.id, r.client_account_id, r.update_hours, r.market_phase,
          coalesce(c.phase_notice_minutes, 30) as notice
        from company_stock_rate_rule r left join catalyst_config c on c.client_account_id = r.client_account_id
        where jsonb_array_length(r.update_hours) > 0 and not exists (select 1 from catalyst_job j where j.rate_id = r.id)
        union all
        select 'currency', r.id, r.client_account_id, r.update_hours, null, coalesce(c.phase_notice_minutes, 30)
        from company_currency_rate_rule r left join catalyst_config c on c.client_account_id = r.client_account_id
        where jsonb_array_length(r.update_hours) > 0 and not exists (select 1 from catalyst_job j where j.rate_id = r.id)`),
    );
    let created = 0;
    for (const row of rows) {
      const updates = updatesOf(row.update_hours);
      const slot = nextSlotAfter(updates, now, Number(row.notice));
      if (!slot) continue;
      const kind = String(row.kind) as RateKind;
      const moved = await inUnit(this.ctx, async (unit) => {
        const inserted = rowsOf(
          await unit.tx.execute(sql`
            insert into catalyst_job (rate_id, client_account_id, rate_kind, run_at)
            values (${String(row.id)}::uuid, ${String(row.client_account_id)}::uuid, ${kind}, ${slot.at.toISOString()}::timestamptz)
            on conflict (rate_id) do nothing returning rate_id`),
        );
        if (inserted.length === 0) return undefined;
        created++;
        return kind === 'metal'
          ? this.movePhase(unit, row, marketPhaseAt(updates, now, Number(row.notice)))
          : undefined;
      });
      this.announce(moved);
    }
    return created;
  }

  /** Stores a metal's phase when it moved; returns the notice to send once the unit has committed. */
  private async movePhase(
    unit: CatalystUnit,
    rate: Record<string, unknown>,
    phase: MarketPhase | null,
  ): Promise<PhaseNotice | undefined> {
    if ((rate.market_phase ?? null) === phase) return undefined;
    const id = String(rate.id);
    const account = String(rate.client_account_id);
    await unit.tx.execute(
      sql`update company_stock_rate_rule set market_phase = ${phase} where id = ${id}::uuid`,
    );
    unit.changes.push({ clientAccountId: account, resourceType: rateResources.metal, id, action: 'update' });
    return { account, notice: { kind: 'phase', shortName: String(rate.short_name ?? ''), phase } };
  }

  private announce(moved: PhaseNotice | undefined): void {
    if (moved) this.opts.notices.publish(moved.account, moved.notice);
  }

  private async runJob(job: Record<string, unknown>): Promise<SchedulerRun['ran'][number] | undefined> {
    const kind = String(job.rate_kind) as RateKind;
    const rateId = String(job.rate_id);
    const table = sql.raw(rateTables[kind]);
    const [rate] = rowsOf(
      await this.ctx.db.execute(sql`
        select r.*, coalesce(c.phase_notice_minutes, 30) as notice from ${table} r
        left join catalyst_config c on c.client_account_id = r.client_account_id where r.id = ${rateId}::uuid`),
    );
    const updates = rate ? updatesOf(rate.update_hours) : [];
    if (!rate || updates.length === 0) {
      await this.ctx.db.execute(sql`delete from catalyst_job where rate_id = ${rateId}::uuid`);
      return undefined;
    }
    const now = this.opts.clock();
    const slotAt = dateOf(job.run_at);
    const minute = Math.floor((slotAt.getTime() / 60_000) % 1440);
    // An update hour, or the retry of one that failed.
    const due = updates.includes(minute) || Number(job.attempts) > 0;
    const notice = Number(rate.notice);
    const account = String(rate.client_account_id);

    let price: number | undefined;
    let error: string | null = null;
    if (due && rate.source === 'http' && rate.source_url && rate.source_field) {
      try {
        const raw = await fetchHttpQuote(
          { url: String(rate.source_url), field: String(rate.source_field) },
          { allowPrivate: this.opts.allowPrivateSources, timeoutMs: this.opts.fetchTimeoutMs ?? 10_000 },
        );
        const unit: QuoteUnit = (quoteUnits as readonly string[]).includes(String(rate.source_unit))
          ? (rate.source_unit as QuoteUnit)
          : 'g';
        price = kind === 'metal' ? raw / gramsPerUnit[unit] : raw;
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        error = e.message.slice(0, 500);
      }
    }
    const phase = kind === 'metal' ? marketPhaseAt(updates, now, notice) : null;
    const attempts = error ? Number(job.attempts) + 1 : 0;
    const next = nextSlotAfter(updates, new Date(Math.max(now.getTime(), slotAt.getTime())), notice);
    const retryAt = new Date(now.getTime() + retryMs * attempts);
    const runAt = error && attempts < maxAttempts && next && retryAt < next.at ? retryAt : next?.at;
    const moved = await inUnit(this.ctx, async (unit) => {
      if (price !== undefined)
        await recordQuote(unit, account, { kind, rateId, price, at: now, source: 'http' });
      if (error) {
        await unit.tx.execute(
          sql`update ${table} set last_source_error = ${error} where id = ${rateId}::uuid`,
        );
        unit.changes.push({
          clientAccountId: account,
          resourceType: rateResources[kind],
          id: rateId,
          action: 'update',
        });
      }
      const phaseMoved = kind === 'metal' ? await this.movePhase(unit, rate, phase) : undefined;
      await unit.tx.execute(sql`
        update catalyst_job set run_at = ${(runAt ?? now).toISOString()}::timestamptz, locked_until = null,
          locked_by = null, attempts = ${attempts >= maxAttempts ? 0 : attempts}, last_error = ${error},
          last_run_at = ${now.toISOString()}::timestamptz
        where rate_id = ${rateId}::uuid and locked_by = ${this.opts.origin}`);
      return phaseMoved;
    });
    this.announce(moved);
    return { rateId, kind, fetched: price !== undefined, error, phase };
  }
}
