import type { CheckView, IntentCheck } from '../domain/sync/intentDefinition';
import { definitionOf, type Intent } from '../domain/sync/intents';
import type { LogisticsConfig } from '../domain/warehouse/logisticsConfig';
import type { Refusal } from '../domain/warehouse/refusal';
import { documentDraftOf, positionDraftOf } from '../domain/warehouse/ruleInputs';
import { validateDocument } from '../domain/warehouse/validateDocument';
import type { RowReader } from './ports';
import { linesOfState, type ReplicaState, reservedBy } from './rebase';
import type { Row } from './types';
import { buildValidationContext } from './validationContext';

/** Why an intent is refused on the device, in the server's error shape (code + issues/fields). */
export type LocalRefusal = Refusal;

export type { IntentCheck };

export interface IntentCheckInput {
  readonly reader: RowReader;
  readonly intent: Intent;
  /** The view before the intent (the rows it concerns). */
  readonly before: ReplicaState;
  /** The view with the intent applied. */
  readonly after: ReplicaState;
  readonly config: LogisticsConfig;
  readonly today: string;
}

/**
 * Checks an intent against the replica before it is queued, with the server's rules and codes: each kind's check
 * (domain/sync/intentKinds) on what this module lets it read — the view before and after the intent, and the
 * document rules (domain validateDocument with a context read from the replica, availability only where the
 * server checks it).
 */
export const checkIntent = async (input: IntentCheckInput): Promise<IntentCheck> => {
  const { reader, intent, before, after, config, today } = input;
  const reserving = config.workingCopiesCountInStock;
  const view: CheckView = {
    before,
    after,
    reserving,
    judge: async (doc: Row, lines: readonly Row[], availability: boolean) => {
      const draft = documentDraftOf(doc);
      const drafts = lines.map(positionDraftOf);
      const ownReserved = reservedBy(before.documents.get(doc.id), linesOfState(before, doc.id), {
        reserving,
      });
      const context = await buildValidationContext(reader, config, today, draft, drafts, {
        availability,
        ownReserved,
        documentId: doc.id,
      });
      const { available: _available, ...withoutAvailability } = context;
      return {
        issues: validateDocument(draft, drafts, context),
        withoutAvailability: () => validateDocument(draft, drafts, withoutAvailability),
      };
    },
    readOrder: async (id) => (await reader.get('wmsOrder', [id]))[0],
  };
  return definitionOf(intent).check(intent, view);
};
