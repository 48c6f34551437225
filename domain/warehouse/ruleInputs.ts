import { boolOf, isoDateOf, numberOf, textOf } from '../rowValues';
import type { DocumentDraft, LocationRules, PositionDraft, ProductRules } from './validationInput';

/**
 * Rows → the rules' inputs (validationInput.ts), written once: the server maps its table rows with these, the
 * terminal maps its replica's rows (the API's shape) with the same, so both judge a document alike. Each side
 * only reads the fields named here.
 */

/** The product fields the rules read (productRulesOf). */
export const productRuleFields = [
  'id',
  'index',
  'contractorId',
  'lockIn',
  'lockOut',
  'lockRelocate',
  'requiredProdDate',
  'requiredExpDate',
  'requiredSerial',
  'minTemperature',
  'maxTemperature',
  'minimalExpDays',
  'weight',
  'defaultLocationId',
] as const;

/** A product row as the rules see it. */
export const productRulesOf = (row: Readonly<Record<string, unknown>>): ProductRules => ({
  id: String(row.id),
  index: String(row.index ?? ''),
  contractorId: textOf(row.contractorId),
  lockIn: boolOf(row.lockIn),
  lockOut: boolOf(row.lockOut),
  lockRelocate: boolOf(row.lockRelocate),
  requiredProdDate: boolOf(row.requiredProdDate),
  requiredExpDate: boolOf(row.requiredExpDate),
  requiredSerial: boolOf(row.requiredSerial),
  minTemperature: numberOf(row.minTemperature),
  maxTemperature: numberOf(row.maxTemperature),
  minimalExpDays: numberOf(row.minimalExpDays),
  weight: numberOf(row.weight),
  defaultLocationId: textOf(row.defaultLocationId),
});

/** The location fields the rules read (locationRulesOf), besides its type's handleStock. */
export const locationRuleFields = [
  'id',
  'label',
  'lockedIn',
  'lockedOut',
  'temperature',
  'capacityKg',
  'pickupOrder',
] as const;

/**
 * A location row as the rules see it, with its type's `handleStock`. A location without a (known) type holds
 * stock, so an account can start without location types.
 */
export const locationRulesOf = (
  row: Readonly<Record<string, unknown>>,
  handleStock: unknown,
): LocationRules => ({
  id: String(row.id),
  label: String(row.label ?? ''),
  lockedIn: boolOf(row.lockedIn),
  lockedOut: boolOf(row.lockedOut),
  temperature: numberOf(row.temperature),
  capacityKg: numberOf(row.capacityKg),
  handleStock: handleStock === null || handleStock === undefined ? true : boolOf(handleStock),
  pickupOrder: numberOf(row.pickupOrder),
});

/**
 * A document header (a stored row or a parsed body) as the rules see it. `statusCode` defaults to the row's own
 * (a working copy when it has none).
 */
export const documentDraftOf = (
  row: Readonly<Record<string, unknown>>,
  statusCode: string = textOf(row.statusCode) ?? 'workingCopy',
): DocumentDraft => ({
  typeCode: String(row.typeCode ?? ''),
  statusCode,
  contractorId: textOf(row.contractorId),
  sourceLocationId: textOf(row.sourceLocationId),
  destinationLocationId: textOf(row.destinationLocationId),
  sourceContainer: textOf(row.sourceContainer),
  destinationContainer: textOf(row.destinationContainer),
  orderId: textOf(row.orderId),
});

/** The position fields the rules read (positionDraftOf). */
export const positionDraftFields = [
  'productId',
  'quantity',
  'sourceLocationId',
  'destinationLocationId',
  'sourceContainer',
  'destinationContainer',
  'serialNumber',
  'prodDate',
  'expDate',
] as const;

/** A document position (a stored row, a parsed body or a replica row) as the rules see it; dates as ISO dates. */
export const positionDraftOf = (row: Readonly<Record<string, unknown>>): PositionDraft => ({
  productId: String(row.productId ?? ''),
  quantity: numberOf(row.quantity) ?? 0,
  sourceLocationId: textOf(row.sourceLocationId),
  destinationLocationId: textOf(row.destinationLocationId),
  sourceContainer: textOf(row.sourceContainer),
  destinationContainer: textOf(row.destinationContainer),
  serialNumber: textOf(row.serialNumber),
  prodDate: isoDateOf(row.prodDate),
  expDate: isoDateOf(row.expDate),
});
