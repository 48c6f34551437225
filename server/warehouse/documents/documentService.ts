import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import { DocumentLines } from './documentLines';
import { DocumentLocks } from './documentLocking';
import { type CreateOptions, DocumentSave, type UpdateOptions } from './documentSave';
import { type DocumentWithPositions, documentTablesOf } from './documentTables';
import { DocumentTransitions } from './documentTransitions';

export type { CreateOptions, UpdateOptions } from './documentSave';
export type { DocumentWithPositions } from './documentTables';

/**
 * Warehouse documents: create, edit, confirm, revert and delete them, and change their lines one at a time —
 * each in the caller's unit of work (server/unitOfWork.ts), with the domain rules (validateDocument, statuses,
 * movementsOf) and the stock ledger; change notices go out when the unit commits. Callers check access; every
 * row is scoped to the caller's account. The parts: documentLocking.ts (locks and what a change reads with
 * them), documentLines.ts (lines), documentSave.ts (create, update), documentTransitions.ts (confirm, revert,
 * delete), documentReservations.ts (working copies that reserve).
 */
export interface DocumentService {
  get(db: Executor, scope: Scope, id: string): Promise<DocumentWithPositions>;
  create(
    unit: UnitOfWork,
    scope: Scope,
    input: unknown,
    opts?: CreateOptions,
  ): Promise<DocumentWithPositions>;
  update(
    unit: UnitOfWork,
    scope: Scope,
    id: string,
    input: unknown,
    opts?: UpdateOptions,
  ): Promise<DocumentWithPositions>;
  confirm(unit: UnitOfWork, scope: Scope, id: string): Promise<DocumentWithPositions>;
  revert(unit: UnitOfWork, scope: Scope, id: string): Promise<DocumentWithPositions>;
  remove(unit: UnitOfWork, scope: Scope, id: string): Promise<void>;
  removeByPreceding(unit: UnitOfWork, scope: Scope, precedingId: string): Promise<string[]>;
  addLine(unit: UnitOfWork, scope: Scope, input: unknown): Promise<Row>;
  updateLine(unit: UnitOfWork, scope: Scope, id: string, input: unknown): Promise<Row>;
  removeLine(unit: UnitOfWork, scope: Scope, id: string): Promise<void>;
}

const services = new WeakMap<AppContext, DocumentService>();

/** The document service of an app (one per context): what the orders module, the handlers and routes call. */
export const documentServiceOf = (ctx: AppContext): DocumentService => {
  const known = services.get(ctx);
  if (known) return known;
  const t = documentTablesOf(ctx);
  const locks = new DocumentLocks(t);
  const transitions = new DocumentTransitions(t, locks);
  const save = new DocumentSave(t, locks, transitions);
  const lines = new DocumentLines(t, locks);
  const service: DocumentService = {
    get: (db, scope, id) => save.get(db, scope, id),
    create: (unit, scope, input, opts) => save.create(unit, scope, input, opts),
    update: (unit, scope, id, input, opts) => save.update(unit, scope, id, input, opts),
    confirm: (unit, scope, id) => transitions.confirm(unit, scope, id),
    revert: (unit, scope, id) => transitions.revert(unit, scope, id),
    remove: (unit, scope, id) => transitions.remove(unit, scope, id),
    removeByPreceding: (unit, scope, id) => transitions.removeByPreceding(unit, scope, id),
    addLine: (unit, scope, input) => lines.add(unit, scope, input),
    updateLine: (unit, scope, id, input) => lines.update(unit, scope, id, input),
    removeLine: (unit, scope, id) => lines.remove(unit, scope, id),
  };
  services.set(ctx, service);
  return service;
};
