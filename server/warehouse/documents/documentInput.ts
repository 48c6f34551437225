import { AppError, type FieldError } from '../../../domain/errors';
import { wmsDocumentResource } from '../../../domain/resources/definitions/wmsDocument';
import { wmsDocumentPositionResource } from '../../../domain/resources/definitions/wmsDocumentPosition';
import { validateRecord } from '../../../domain/resources/schema';
import { isUuid, numberOf } from '../../../domain/rowValues';
import { roundQuantity } from '../../../domain/warehouse/quantity';
import type { PositionDraft } from '../../../domain/warehouse/validationInput';
import type { Row } from '../../resources/rows';

// validateRecord needs the position's required documentId; the real one is set when the row is written.
const placeholderId = '00000000-0000-4000-8000-000000000000';
/** Enough for a full truck of single-unit lines, small enough to keep one transaction short. */
export const maxPositions = 5000;

/** A position as sent by a client (and as the orders module passes it). */
export interface PositionInput extends PositionDraft {
  readonly id?: string;
  readonly quantityReal?: number | null;
  readonly unitPrice?: number | null;
  readonly comment?: string | null;
}

/** The body of POST/PUT /api/WmsDocument: header fields of wmsDocument.ts, positions, options. */
export interface DocumentInput {
  readonly id?: string;
  readonly documentNumber?: string | null;
  readonly typeCode?: string;
  readonly contractorId?: string | null;
  readonly sourceLocationId?: string | null;
  readonly destinationLocationId?: string | null;
  readonly sourceContainer?: string | null;
  readonly destinationContainer?: string | null;
  readonly orderId?: string | null;
  readonly plannedDate?: string | null;
  readonly reportedDate?: string | null;
  readonly comment?: string | null;
  readonly precedingDocumentId?: string | null;
  readonly transportDocumentNumber?: string | null;
  readonly responsibleUserId?: string | null;
  readonly closedManuallyReason?: string | null;
  readonly priority?: string | null;
  readonly positions?: readonly PositionInput[];
  readonly confirm?: boolean;
  readonly version?: number;
}

/** A validated position: column values of wmsDocumentPosition (without documentId and lineNo). */
export type PositionValues = Row & { readonly productId: string; readonly quantity: number };

export interface ParsedDocument {
  /** Column values of the header's writable fields present in the input. */
  readonly header: Row;
  /** undefined = the input has no `positions` (an edit keeps the stored ones). */
  readonly positions: PositionValues[] | undefined;
  readonly id: string | undefined;
  readonly confirm: boolean;
  readonly version: number | undefined;
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Shape checks of a document body with the resources' own field rules (lengths, enums, dates, uuids).
 * `base` is the stored header on edit: the body's fields replace it. Errors → formHasErrors (fields named
 * `positions.<index>.<field>` for positions).
 */
export const parseDocumentInput = (input: unknown, base: Row | undefined): ParsedDocument => {
  if (!isObject(input)) throw new AppError('badRequest', { detail: 'document body must be an object' });
  const fields: FieldError[] = [];
  const given: Row = {};
  for (const name of Object.keys(wmsDocumentResource.fields)) if (name in input) given[name] = input[name];
  const header = validateRecord(wmsDocumentResource, { ...(base ?? {}), ...given });
  fields.push(...header.errors);

  let positions: PositionValues[] | undefined;
  if ('positions' in input && input.positions !== undefined && input.positions !== null) {
    const raw = input.positions;
    if (!Array.isArray(raw)) fields.push({ field: 'positions', rule: 'invalidValue' });
    else if (raw.length > maxPositions)
      fields.push({ field: 'positions', rule: 'maxLength', params: { max: maxPositions } });
    else {
      positions = [];
      raw.forEach((p: unknown, index) => {
        const body = isObject(p) ? p : {};
        const checked = validateRecord(wmsDocumentPositionResource, {
          ...body,
          documentId: placeholderId,
          lineNo: index + 1,
        });
        for (const e of checked.errors) fields.push({ ...e, field: `positions.${index}.${e.field}` });
        const id = isUuid(body.id) ? body.id : undefined;
        const { documentId: _d, lineNo: _l, ...values } = checked.value;
        const quantity = numberOf(values.quantity) ?? 0;
        positions?.push({
          ...values,
          ...(id ? { id } : {}),
          productId: String(values.productId ?? ''),
          quantity: roundQuantity(quantity),
        });
      });
    }
  }
  const id = isUuid(input.id) ? input.id : undefined;
  if (input.id !== undefined && input.id !== null && id === undefined)
    fields.push({ field: 'id', rule: 'invalidValue' });
  if (input.confirm !== undefined && typeof input.confirm !== 'boolean')
    fields.push({ field: 'confirm', rule: 'invalidValue' });
  const version = typeof input.version === 'number' ? input.version : undefined;
  if (fields.length) throw new AppError('formHasErrors', { fields });
  return { header: header.value, positions, id, confirm: input.confirm === true, version };
};

/** A line of POST / PUT /api/WmsDocumentPosition, checked with the position's own field rules. */
export interface ParsedLine {
  /** The client's id of a new line (kept), or undefined. */
  readonly id: string | undefined;
  readonly documentId: string;
  readonly values: PositionValues;
}

// The server owns these: a line's document is fixed, its number follows line order, its value is computed.
const serverOwnedLineFields: ReadonlySet<string> = new Set(['documentId', 'lineNo', 'value']);

/**
 * A document line body (docs/sync-contract.md, "Document lines"). `stored` is the line on edit (PUT, partial): the body's
 * fields replace its own, and `documentId`, when sent, must be the line's document. Errors → formHasErrors
 * (fields named as in the body).
 */
export const parseLineInput = (input: unknown, stored: Row | undefined): ParsedLine => {
  if (!isObject(input)) throw new AppError('badRequest', { detail: 'line body must be an object' });
  const fields: FieldError[] = [];
  const storedDocument = stored ? String(stored.documentId) : undefined;
  const sentDocument = input.documentId;
  let documentId = storedDocument;
  if (storedDocument === undefined) {
    if (isUuid(sentDocument)) documentId = sentDocument;
    else
      fields.push({
        field: 'documentId',
        rule:
          sentDocument === undefined || sentDocument === null || sentDocument === ''
            ? 'required'
            : 'invalidValue',
      });
  } else if (sentDocument !== undefined && sentDocument !== null && sentDocument !== storedDocument)
    fields.push({ field: 'documentId', rule: 'invalidValue' });

  const given: Row = {};
  for (const name of Object.keys(wmsDocumentPositionResource.fields))
    if (name in input && !serverOwnedLineFields.has(name)) given[name] = input[name];
  const base: Row = {};
  if (stored)
    for (const name of Object.keys(wmsDocumentPositionResource.fields))
      if (!serverOwnedLineFields.has(name) && name in stored) base[name] = stored[name];
  const checked = validateRecord(wmsDocumentPositionResource, {
    ...base,
    ...given,
    documentId: placeholderId,
    lineNo: 1,
  });
  fields.push(...checked.errors);

  let id: string | undefined;
  if (!stored && input.id !== undefined && input.id !== null) {
    if (isUuid(input.id)) id = input.id.toLowerCase();
    else fields.push({ field: 'id', rule: 'invalidValue' });
  }
  if (fields.length || documentId === undefined) throw new AppError('formHasErrors', { fields });
  const { documentId: _d, lineNo: _l, ...values } = checked.value;
  return {
    id,
    documentId,
    values: {
      ...values,
      productId: String(values.productId ?? ''),
      quantity: roundQuantity(numberOf(values.quantity) ?? 0),
    },
  };
};

/** Whether two position lists move the same goods (what a generated document may not change by hand). */
export const samePositions = (a: readonly PositionDraft[], b: readonly PositionDraft[]): boolean =>
  a.length === b.length &&
  a.every((p, i) => {
    const q = b[i];
    return (
      q !== undefined &&
      p.productId === q.productId &&
      roundQuantity(p.quantity) === roundQuantity(q.quantity) &&
      (p.sourceLocationId ?? null) === (q.sourceLocationId ?? null) &&
      (p.destinationLocationId ?? null) === (q.destinationLocationId ?? null) &&
      (p.sourceContainer ?? null) === (q.sourceContainer ?? null) &&
      (p.destinationContainer ?? null) === (q.destinationContainer ?? null) &&
      (p.serialNumber ?? null) === (q.serialNumber ?? null) &&
      (p.prodDate ?? null) === (q.prodDate ?? null) &&
      (p.expDate ?? null) === (q.expDate ?? null)
    );
  });
