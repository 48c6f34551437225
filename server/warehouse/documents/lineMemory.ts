import type { PushedCall } from '../../../domain/sync/wire';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import type { OrderRules, PositionDraft } from '../../../domain/warehouse/validationInput';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { openGroup, type PushGroup } from '../../sync/pushGroup';
import { RuleRowMemory, type WantedRules } from '../stock/ruleRows';
import type { ValidationMemory } from './validationContext';

/** A document line as the rules see it, with its id and number. */
export type LineDraft = PositionDraft & { readonly id: string; readonly lineNo: number };

/** A working copy locked for a change, with what every change of it needs. */
export interface LockedDocument {
  readonly row: Row;
  readonly config: LogisticsConfig;
  /** Its own reservations per stock key. */
  readonly own: ReadonlyMap<string, number>;
  /** Its lines as the rules see them, in line order (read for line changes only, else empty). */
  readonly lines: readonly LineDraft[];
}

/**
 * What the document calls of one push group locked, wrote and read, kept for the group's later calls
 * (docs/sync-contract.md §2, "Groups"): a terminal's lines then cost one statement each, not three. It holds
 * while the group's transaction runs no statement but theirs: their documents stay locked by it, nothing else
 * of it changed them, and their own writes change no rule input (products, locations, where bins stand, orders).
 * Any other statement — a confirmation moves stock — and it is forgotten. A rule input another transaction
 * changes meanwhile is as the call would have read it a moment earlier. A call that fails runs again on its
 * own (pushBatch.ts), without memory, so only calls that succeed ever use it.
 */
export class LineMemory implements ValidationMemory {
  /** Locked documents as the group's writes left them, by id. */
  readonly documents = new Map<string, LockedDocument>();
  readonly rules: RuleRowMemory;
  readonly orders = new Map<string, OrderRules | undefined>();
  private at: number;

  constructor(
    readonly scopeKey: string,
    private readonly group: PushGroup,
  ) {
    this.at = group.statements;
    this.rules = new RuleRowMemory(() => wantedBy(group.upcoming));
  }

  /** Whether it still holds: no statement ran in the group since the last settle. */
  get current(): boolean {
    return this.at === this.group.statements;
  }

  /** After the caller's own statements: what it keeps here is true now. */
  settle(): void {
    this.at = this.group.statements;
  }

  /** A document as the caller's statements, just run, left it: kept, and the memory holds from here. */
  remember(id: string, document: LockedDocument): void {
    this.documents.set(id, document);
    this.settle();
  }
}

const memories = new WeakMap<PushGroup, LineMemory>();

const scopeKeyOf = (scope: Scope) => `${scope.clientAccountId} ${scope.contractorId ?? ''}`;

/** The running push group's memory for `scope` (none outside a group); one that no longer holds starts over. */
export const lineMemoryOf = (scope: Scope): LineMemory | undefined => {
  const group = openGroup();
  if (!group) return undefined;
  const key = scopeKeyOf(scope);
  const known = memories.get(group);
  if (known?.current && known.scopeKey === key) return known;
  const fresh = new LineMemory(key, group);
  memories.set(group, fresh);
  return fresh;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the rules of pushed document calls will read: the products, locations and bins their bodies name. */
export const wantedBy = (calls: readonly PushedCall[]): WantedRules => {
  const productIds: string[] = [];
  const locationIds: string[] = [];
  const containers: string[] = [];
  const add = (into: string[], values: readonly unknown[], ids: boolean): void => {
    for (const v of values)
      if (typeof v === 'string' && v !== '' && (!ids || uuidPattern.test(v))) into.push(v);
  };
  const take = (body: unknown): void => {
    if (typeof body !== 'object' || body === null) return;
    const b = body as Record<string, unknown>;
    add(productIds, [b.productId], true);
    add(locationIds, [b.sourceLocationId, b.destinationLocationId], true);
    add(containers, [b.sourceContainer, b.destinationContainer], false);
    if (Array.isArray(b.positions)) for (const p of b.positions) take(p);
  };
  for (const call of calls) take(call.body);
  return { productIds, locationIds, containers };
};
