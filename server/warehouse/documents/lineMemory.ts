import type { OrderRules } from '../../../domain/warehouse/validationInput';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { RuleRowMemory } from '../stock/ruleRows';
import type { LockedDocument } from './documentLocking';
import type { ValidationMemory } from './validationContext';

/**
 * What the document calls of one unit of several calls (a push group) locked, wrote and read, kept for the
 * unit's later calls (docs/sync-contract.md, "What a group remembers"): a terminal's lines then cost one
 * statement each, not three. It holds from one call to the next as long as every call since it was made was a
 * document call that left it true (`settle`): their documents stay locked by the unit, nothing else of it
 * changed them, and their own writes change no rule input (products, locations, where bins stand, orders). Any
 * other call in between — a confirmation moves stock — and it is forgotten. A rule input another transaction
 * changes meanwhile is as the call would have read it a moment earlier. A call that fails rolls its unit back
 * and runs again in a unit of its own, without memory, so only calls that succeed ever use it.
 */
export class LineMemory implements ValidationMemory {
  /** Locked documents as the unit's writes left them, by id. */
  readonly documents = new Map<string, LockedDocument>();
  readonly rules: RuleRowMemory;
  readonly orders = new Map<string, OrderRules | undefined>();
  /** The unit's call after which it was last true (made now: true since the call before). */
  private settledAt: number;

  constructor(
    readonly scopeKey: string,
    private readonly unit: UnitOfWork,
  ) {
    this.settledAt = unit.call - 1;
    // A rule input missed now is read with those the unit's later calls will ask for.
    this.rules = new RuleRowMemory(() => unit.ahead());
  }

  /** Whether it still holds for the running call: the call before it left it true. */
  get current(): boolean {
    return this.settledAt === this.unit.call - 1;
  }

  /** After the running call's own statements: what it keeps here is true now. */
  settle(): void {
    this.settledAt = this.unit.call;
  }

  /** A document as the running call's statements left it: kept, and the memory holds from here. */
  remember(id: string, document: LockedDocument): void {
    this.documents.set(id, document);
    this.settle();
  }
}

/** The unit's slot for its line memory (the unit keeps one per owner). */
const owner = {};

const scopeKeyOf = (scope: Scope) => `${scope.clientAccountId} ${scope.contractorId ?? ''}`;

/**
 * The unit's line memory for `scope`, taken at the start of a document call (none in a unit of one call); one
 * that no longer holds, or was another scope's, starts over.
 */
export const lineMemoryOf = (unit: UnitOfWork, scope: Scope): LineMemory | undefined => {
  const slot = unit.memory(owner, (): { memory?: LineMemory } => ({}));
  if (!slot) return undefined;
  const key = scopeKeyOf(scope);
  if (slot.memory?.current && slot.memory.scopeKey === key) return slot.memory;
  slot.memory = new LineMemory(key, unit);
  return slot.memory;
};
