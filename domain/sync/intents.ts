import type {
  DecodedCall,
  HttpCall,
  IntentDefinition,
  IntentSubject,
  IntentTarget,
} from './intentDefinition';
import { type DocumentConfirmIntent, documentConfirm } from './intentKinds/documentConfirm';
import { type DocumentCreateIntent, documentCreate } from './intentKinds/documentCreate';
import { type DocumentDeleteIntent, documentDelete } from './intentKinds/documentDelete';
import { type GenerateDocumentsIntent, generateDocuments } from './intentKinds/generateDocuments';
import { type LineAddIntent, lineAdd } from './intentKinds/lineAdd';
import { type LineRemoveIntent, lineRemove } from './intentKinds/lineRemove';
import { type LineUpdateIntent, lineUpdate } from './intentKinds/lineUpdate';
import { type QuantityRealIntent, quantityReal } from './intentKinds/quantityReal';
import { type VerificationFinishIntent, verificationFinish } from './intentKinds/verificationFinish';
import { canonicalPath, matchRoute } from './intentPath';

/**
 * The registry of synced intents: what a terminal action asks the server to do, as the spec's own call, kept in
 * the outbox as data so it can be applied to the replica at once, shown on its line, replayed exactly once and
 * rebased. Each kind is one module of ./intentKinds (its call, target, grouping, label, replay and check); every
 * switch on kinds — the engine's replay and check, the pending-work list, the terminal's screens, the server's
 * push and routes, the tests' simulated server — goes through this list. Ids of records made offline are client
 * UUIDv7s, so later intents refer to them before the server has seen them. Adding a synced mutation: a module in
 * ./intentKinds, its entry below, its label in locales/<lng>/sync.json and its server handler
 * (server/intents/intentHandlers.ts); docs/sync-contract.md says more.
 */

export type { HttpCall } from './intentDefinition';
export type { DocumentHeaderPayload } from './intentKinds/documentCreate';
export type { LinePayload } from './intentKinds/lines';

export type Intent =
  | DocumentCreateIntent
  | DocumentConfirmIntent
  | DocumentDeleteIntent
  | LineAddIntent
  | LineUpdateIntent
  | LineRemoveIntent
  | QuantityRealIntent
  | GenerateDocumentsIntent
  | VerificationFinishIntent;

export type IntentKind = Intent['kind'];

/** Every kind's definition, by kind: a kind without one does not compile. */
export const intentRegistry: { readonly [K in IntentKind]: IntentDefinition<Extract<Intent, { kind: K }>> } =
  {
    'document.create': documentCreate,
    'document.confirm': documentConfirm,
    'document.delete': documentDelete,
    'line.add': lineAdd,
    'line.update': lineUpdate,
    'line.remove': lineRemove,
    'orderPosition.quantityReal': quantityReal,
    'order.generateDocuments': generateDocuments,
    'verification.finish': verificationFinish,
  };

export const intentKinds = Object.keys(intentRegistry) as IntentKind[];

/** The definition of an intent's kind. */
export const definitionOf = <I extends Intent>(intent: I): IntentDefinition<I> =>
  intentRegistry[intent.kind] as unknown as IntentDefinition<I>;

/** The spec call of an intent (docs/sync-contract.md, "Intents"). */
export const callOf = (intent: Intent): HttpCall => definitionOf(intent).call(intent);

/** The record an intent concerns: where its outcome (and a rejection) is shown. */
export const targetOf = (intent: Intent): IntentTarget => definitionOf(intent).target(intent);

/** What an intent is about (the records the pending-work lists name). */
export const subjectOf = (intent: Intent): IntentSubject => definitionOf(intent).subject(intent);

/** A call matched to the intent kind whose route it is: the kind and the call's named segments. */
export interface MatchedCall {
  readonly kind: IntentKind;
  /** The canonical path (canonicalPath), in lower case: how the call is recorded. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The intent kind a call (method and path) is, after canonical decoding of the path (intentPath.ts); undefined
 * for every call that is no intent's — the server's push accepts nothing else.
 */
export const matchIntentCall = (method: string, path: string): MatchedCall | undefined => {
  const canonical = canonicalPath(path);
  if (canonical === undefined) return undefined;
  for (const kind of intentKinds) {
    const { route } = intentRegistry[kind];
    if (route.method !== method) continue;
    const params = matchRoute(route, canonical);
    if (params) return { kind, path: canonical.toLowerCase(), params };
  }
  return undefined;
};

export type { DecodedCall };
