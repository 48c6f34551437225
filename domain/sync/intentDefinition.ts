import type { RuleIssue } from '../errors';
import type { Refusal } from '../warehouse/refusal';
import type { ViewRow, ViewState } from './replicaView';
import type { SyncEntity } from './wire';

/**
 * What one kind of intent is, in one place (domain/sync/intentKinds/<kind>.ts): the API call it is pushed as,
 * the record it concerns, whether the server may group it, its label, what the pending-work list shows of it,
 * its effect on the terminal's view and its check before it is queued. domain/sync/intents.ts lists them all;
 * the engine (sync/), the screens, the server's push and the simulated server of the tests all go by that list.
 */

export interface HttpCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** The route of an intent's call: its method and path, `:name` standing for one segment (an id). */
export interface IntentRoute {
  readonly method: HttpCall['method'];
  readonly path: string;
}

/** A call as it arrives, matched to its intent's route: the path's named segments, the query, the body. */
export interface DecodedCall {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** The record an intent concerns: where its outcome (and a rejection) is shown. */
export interface IntentTarget {
  readonly entity: SyncEntity;
  readonly id: string;
}

/** What an intent is about, for the lists that show pending work (ids of the view's records). */
export interface IntentSubject {
  readonly documentId?: string;
  readonly lineId?: string;
  readonly orderId?: string;
  readonly orderPositionId?: string;
  readonly productId?: string;
  readonly quantity?: number;
  /** The provisional number a document is made with (until the server gives the final one). */
  readonly provisionalNumber?: string;
}

/** The outbox entry being replayed, as far as replays need it. */
export interface ReplayedEntry {
  readonly mutationId: number;
  readonly createdAt: string;
  /** What the server's answer told (the final number of a made document). */
  readonly result?: { readonly documentNumber?: string };
}

/**
 * What a replay may do to the view (sync/rebase.ts implements it over the rows it holds). Reading a record the
 * view has not loaded yet reports it as missing: the engine loads it and replays again.
 */
export interface ReplayView {
  document(id: string): ViewRow | null;
  /** A document the intent makes; all its lines are known (it has none). */
  addDocument(row: ViewRow): void;
  /**
   * Changes a working copy's lines (nothing when it is no working copy), keeping its reservations in step:
   * `edit` gets the lines in line order and sets a line (null: removes it).
   */
  editLines(
    documentId: string,
    at: string,
    edit: (lines: readonly ViewRow[], setLine: (id: string, row: ViewRow | null) => void) => void,
  ): void;
  /** Confirms a working copy: stock moves as the server's conditional update would let it. */
  confirmDocument(entry: ReplayedEntry, documentId: string): void;
  /** Deletes a working copy with its lines, releasing what it reserved. */
  removeDocument(documentId: string, at: string): void;
  order(id: string): ViewRow | null;
  setOrder(row: ViewRow): void;
  orderPosition(id: string): ViewRow | null;
  setOrderPosition(row: ViewRow): void;
  /** Every position of an order, in line order. */
  orderPositions(orderId: string): ViewRow[];
}

/** The document rules' verdict on a document with given lines (sync/validateIntent.ts runs them). */
export interface Judgement {
  readonly issues: readonly RuleIssue[];
  /** The same rules with the availability rule skipped (as the server skips it there). */
  withoutAvailability(): readonly RuleIssue[];
}

/** What a check may read: the view before and after the intent, the company's setting, the rules, rows. */
export interface CheckView {
  readonly before: ViewState;
  readonly after: ViewState;
  /** Working copies reserve what they take (logistics config workingCopiesCountInStock). */
  readonly reserving: boolean;
  /** The document rules on `doc` with `lines`, as the server runs them (availability only when asked). */
  judge(doc: ViewRow, lines: readonly ViewRow[], availability: boolean): Promise<Judgement>;
  /** An order of the view, read on demand. */
  readOrder(id: string): Promise<ViewRow | undefined>;
}

export interface IntentCheck {
  readonly refusal: Refusal | null;
  /** Issues that do not stop the intent here but may stop it later (stock short for a line not reserved). */
  readonly warnings: readonly RuleIssue[];
}

/** What the rules of a pushed call will read, said ahead (the server reads a push group's look-ups at once). */
export interface PrefetchHints {
  readonly productIds: readonly string[];
  readonly locationIds: readonly string[];
  readonly containers: readonly string[];
}

/** Intents that name a provisional document number: the engine numbers them and renumbers them on 406. */
export interface ProvisionalNumbering<I> {
  readonly typeCode: (intent: I) => string;
  readonly number: (intent: I) => string;
  readonly withNumber: (intent: I, number: string) => I;
}

export interface IntentDefinition<I extends { readonly kind: string }> {
  readonly kind: I['kind'];
  readonly route: IntentRoute;
  /** The call of an intent (its route, filled). */
  call(intent: I): HttpCall;
  target(intent: I): IntentTarget;
  /**
   * Whether the server may run it in one transaction with the calls around it in a batch push: every effect is
   * in the database or a change notice (held until commit). Effects elsewhere (files, mail, jobs) would stay when
   * the group rolls back and runs again.
   */
  readonly groups: boolean;
  /** Its label: sync:intents.<labelKey> (translated in every language). */
  readonly labelKey: string;
  subject(intent: I): IntentSubject;
  /** Its effect on the view, the same the server's handler has (pure: the view is all it touches). */
  replay(intent: I, view: ReplayView, entry: ReplayedEntry): void;
  /** Its check before it is queued: refused with the server's codes, or taken (maybe with warnings). */
  check(intent: I, view: CheckView): Promise<IntentCheck>;
  /** What the rules of a pushed call of this kind will read (absent: nothing worth reading ahead). */
  prefetch?(call: DecodedCall): PrefetchHints;
  readonly numbering?: ProvisionalNumbering<I>;
}

export const ok: IntentCheck = { refusal: null, warnings: [] };
export const refuse = (refusal: Refusal): IntentCheck => ({ refusal, warnings: [] });
