import type { DecodedCall } from '../../../domain/sync/intentDefinition';
import type { AppContext } from '../../context';
import type { Scope } from '../../resources/scope';
import type { Handler, UnitOfWork } from '../../unitOfWork';
import { assertWarehouseStaff } from '../stock/stockAccess';
import { documentServiceOf } from './documentService';
import { groupMovement, releaseStorageSpace } from './stockActions';

/** The named segment `id` of a call's path. */
const idOf = (call: DecodedCall): string => call.params.id ?? '';

/**
 * The document write calls as handlers (docs/warehouse-api.md "Documents"; lines: docs/sync-contract.md,
 * "Document lines"): warehouse staff only; each in the unit of work it is given. Routes and pushed intents both
 * reach these.
 */
export const documentHandlersOf = (ctx: AppContext) => {
  const service = documentServiceOf(ctx);
  /** The handler of a staff call: the access check, then `work`. */
  const staff =
    (
      work: (
        unit: UnitOfWork,
        scope: Scope,
        call: DecodedCall,
      ) => Promise<{ status: number; body?: unknown }>,
    ) =>
    (unit: UnitOfWork, scope: Scope, call: DecodedCall) => {
      assertWarehouseStaff(scope);
      return work(unit, scope, call);
    };
  const handlers = {
    create: staff(async (unit, scope, call) => ({
      status: 201,
      body: await service.create(unit, scope, call.body),
    })),
    update: staff(async (unit, scope, call) => ({
      status: 200,
      body: await service.update(unit, scope, idOf(call), call.body),
    })),
    confirm: staff(async (unit, scope, call) => ({
      status: 200,
      body: await service.confirm(unit, scope, idOf(call)),
    })),
    revert: staff(async (unit, scope, call) => ({
      status: 200,
      body: await service.revert(unit, scope, idOf(call)),
    })),
    remove: staff(async (unit, scope, call) => {
      await service.remove(unit, scope, idOf(call));
      return { status: 204 };
    }),
    removeByPreceding: staff(async (unit, scope, call) => ({
      status: 200,
      body: { deleted: await service.removeByPreceding(unit, scope, idOf(call)) },
    })),
    addLine: staff(async (unit, scope, call) => ({
      status: 201,
      body: await service.addLine(unit, scope, call.body),
    })),
    updateLine: staff(async (unit, scope, call) => ({
      status: 200,
      body: await service.updateLine(unit, scope, idOf(call), call.body),
    })),
    removeLine: staff(async (unit, scope, call) => {
      await service.removeLine(unit, scope, idOf(call));
      return { status: 204 };
    }),
    groupMovement: staff(async (unit, scope, call) => ({
      status: 201,
      body: await groupMovement(ctx, unit, scope, call.body),
    })),
    releaseStorageSpace: staff(async (unit, scope, call) => ({
      status: 201,
      body: await releaseStorageSpace(ctx, unit, scope, idOf(call)),
    })),
  } satisfies Record<string, Handler<DecodedCall>>;
  return handlers;
};
