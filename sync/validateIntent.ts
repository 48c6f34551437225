import type { ErrorCode, FieldError, RuleIssue } from '../domain/errors';
import type { Intent } from '../domain/sync/intents';
import { documentTypeOf } from '../domain/warehouse/documentTypes';
import { issue, type WarehouseIssue } from '../domain/warehouse/issues';
import type { LogisticsConfig } from '../domain/warehouse/logisticsConfig';
import { quantityBoundError } from '../domain/warehouse/quantity';
import {
  canDeleteDocument,
  canTransition,
  isDocumentStatus,
  isOrderStatus,
} from '../domain/warehouse/statuses';
import { validateDocument } from '../domain/warehouse/validateDocument';
import { checkPositionsNotEditable } from '../domain/warehouse/validators/checkPositionsNotEditable';
import type { RowReader } from './ports';
import { documentDraftOf, linesOfState, positionDraftOf, type ReplicaState, reservedBy } from './rebase';
import { textOf } from './rows';
import type { Row } from './types';
import { buildValidationContext } from './validationContext';

/** Why an intent is refused on the device, in the server's error shape (code + issues/fields). */
export interface LocalRefusal {
  readonly code: ErrorCode;
  readonly issues?: readonly RuleIssue[];
  readonly fields?: readonly FieldError[];
}

export interface IntentCheck {
  readonly refusal: LocalRefusal | null;
  /** Issues that do not stop the intent here but may stop it later (stock short for a line not reserved). */
  readonly warnings: readonly RuleIssue[];
}

const ok: IntentCheck = { refusal: null, warnings: [] };
const refuse = (refusal: LocalRefusal): IntentCheck => ({ refusal, warnings: [] });

/** The server's code for a list of rule issues (documentService throwIssues). */
const refusalOf = (issues: readonly WarehouseIssue[]): LocalRefusal => ({
  code: issues.every((i) => i.code === 'quantityExceedsAvailable') ? 'stockShortfall' : 'documentInvalid',
  issues: issues.map((i) => ({ ...i })),
});

const isFinishedCount = (order: Row): boolean =>
  typeof order.verificationStatus === 'string' && order.verificationStatus.startsWith('finished');

const orderOpen = (order: Row): boolean => {
  const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  return !isFinishedCount(order) && (status === 'inProgress' || canTransition(status, 'inProgress'));
};

const statusRefusal = (order: Row, to: string): LocalRefusal => ({
  code: 'statusForbidsChange',
  issues: [
    issue('statusForbidsChange', { field: 'statusCode', params: { from: String(order.statusCode), to } }),
  ],
});

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
 * Checks an intent against the replica before it is queued, with the server's rules and codes: document
 * rules through domain validateDocument on the document as it would be after the intent (availability only
 * where the server checks it: confirming, or saving a working copy that reserves), state rules for deletes,
 * counts and orders. Availability of a line that does not reserve comes back as a warning.
 */
export const checkIntent = async (input: IntentCheckInput): Promise<IntentCheck> => {
  const { reader, intent, before, after, config, today } = input;
  const reserving = config.workingCopiesCountInStock;
  /** The rules on the document with these lines; `available` only when asked (and then also without it). */
  const judge = async (doc: Row, lines: readonly Row[], availability: boolean) => {
    const draft = documentDraftOf(doc);
    const drafts = lines.map(positionDraftOf);
    const ownReserved = reservedBy(before.documents.get(doc.id), linesOfState(before, doc.id), { reserving });
    const context = await buildValidationContext(reader, config, today, draft, drafts, {
      availability,
      ownReserved,
      documentId: doc.id,
    });
    const { available: _available, ...withoutAvailability } = context;
    return {
      issues: validateDocument(draft, drafts, context),
      /** The same rules with the availability rule skipped (as the server skips it there). */
      withoutAvailability: () => validateDocument(draft, drafts, withoutAvailability),
    };
  };
  const validate = async (doc: Row, lines: readonly Row[], availability: boolean) =>
    (await judge(doc, lines, availability)).issues;

  switch (intent.kind) {
    case 'document.create': {
      if (!documentTypeOf(intent.document.typeCode)) return refuse({ code: 'documentTypeMissing' });
      if (before.documents.get(intent.document.id)) return refuse({ code: 'uniqueConflict' });
      const doc = after.documents.get(intent.document.id);
      if (!doc) return refuse({ code: 'badRequest' });
      const issues = await validate(doc, [], false);
      return issues.length ? refuse(refusalOf(issues)) : ok;
    }
    case 'line.add':
    case 'line.update':
    case 'line.remove': {
      const documentId = intent.kind === 'line.remove' ? intent.documentId : intent.line.documentId;
      const lineId = intent.kind === 'line.remove' ? intent.lineId : intent.line.id;
      const doc = before.documents.get(documentId);
      if (!doc) return refuse({ code: 'notFoundOrNoPermission' });
      if (doc.statusCode !== 'workingCopy')
        return refuse({
          code: 'statusForbidsChange',
          issues: [
            issue('notWorkingCopy', { field: 'statusCode', params: { status: String(doc.statusCode) } }),
          ],
        });
      const locked = checkPositionsNotEditable({ typeCode: String(doc.typeCode) });
      if (locked.length || doc.generated === true)
        return refuse({
          code: 'statusForbidsChange',
          issues: locked.length
            ? locked
            : [issue('positionsNotEditable', { params: { typeCode: String(doc.typeCode) } })],
        });
      const exists = Boolean(before.lines.get(lineId));
      if (intent.kind === 'line.add' && exists) return refuse({ code: 'uniqueConflict' });
      if (intent.kind !== 'line.add' && !exists) return refuse({ code: 'notFoundOrNoPermission' });
      if (intent.kind !== 'line.remove') {
        const q = intent.line.quantity;
        if (typeof q !== 'number' || !Number.isFinite(q))
          return refuse({ code: 'formHasErrors', fields: [{ field: 'quantity', rule: 'invalidValue' }] });
        const tooLarge = quantityBoundError('quantity', q);
        if (tooLarge) return refuse({ code: 'formHasErrors', fields: [tooLarge] });
        if (!textOf(intent.line.productId))
          return refuse({ code: 'formHasErrors', fields: [{ field: 'productId', rule: 'required' }] });
      }
      const lines = linesOfState(after, documentId);
      if (reserving || intent.kind === 'line.remove') {
        const issues = await validate(doc, lines, reserving);
        return issues.length ? refuse(refusalOf(issues)) : ok;
      }
      // Not reserving: the server checks stock only at confirmation — tell the user now anyway. One context
      // serves both: the rules without availability decide, the availability rule only warns.
      const judged = await judge(doc, lines, true);
      const issues = judged.withoutAvailability();
      if (issues.length) return refuse(refusalOf(issues));
      const warnings = judged.issues.filter((i) => i.code === 'quantityExceedsAvailable');
      return { refusal: null, warnings };
    }
    case 'document.confirm': {
      const doc = before.documents.get(intent.documentId);
      if (!doc) return refuse({ code: 'notFoundOrNoPermission' });
      const issues = await validate(doc, linesOfState(before, intent.documentId), true);
      return issues.length ? refuse(refusalOf(issues)) : ok;
    }
    case 'document.delete': {
      const doc = before.documents.get(intent.documentId);
      if (!doc) return refuse({ code: 'notFoundOrNoPermission' });
      return isDocumentStatus(doc.statusCode) && canDeleteDocument(doc.statusCode)
        ? ok
        : refuse({ code: 'statusForbidsDelete' });
    }
    case 'orderPosition.quantityReal': {
      const value = intent.quantityReal;
      if (typeof value !== 'number' || !Number.isFinite(value))
        return refuse({ code: 'formHasErrors', fields: [{ field: 'quantityReal', rule: 'invalidValue' }] });
      const tooLarge = quantityBoundError('quantityReal', value);
      if (tooLarge) return refuse({ code: 'formHasErrors', fields: [tooLarge] });
      if (value < 0)
        return refuse({
          code: 'formHasErrors',
          fields: [{ field: 'quantityReal', rule: 'minValue', params: { min: 0 } }],
        });
      const position = before.orderPositions.get(intent.orderPositionId);
      const order = before.orders.get(intent.orderId);
      if (!position || !order) return refuse({ code: 'notFoundOrNoPermission' });
      return orderOpen(order) ? ok : refuse(statusRefusal(order, 'inProgress'));
    }
    case 'verification.finish': {
      const order = before.orders.get(intent.orderId);
      if (!order) return refuse({ code: 'notFoundOrNoPermission' });
      return orderOpen(order) ? ok : refuse(statusRefusal(order, 'doneConfirmed'));
    }
    case 'order.generateDocuments': {
      const [order] = await reader.get('wmsOrder', [intent.orderId]);
      return order ? ok : refuse({ code: 'notFoundOrNoPermission' });
    }
  }
};
