/**
 * Issue codes of the warehouse rules (document rules and status changes). One code per rule; messages live in
 * `locales/<lng>/warehouse.json` under `issues.<code>` and may use the issue's params.
 * Codes marked (ours) are not in the spec (docs/warehouse-rules.md).
 */
export const warehouseIssueCodes = [
  'destinationContainerElsewhere',
  'sourceContainerMismatch',
  'contractorMismatch',
  'productExpired',
  'productLockedForReceipt',
  'productLockedForRelease',
  'productLockedForRelocation',
  'quantityNotPositive',
  'quantityExceedsOrder',
  'quantityExceedsAvailable',
  'sourceLocationRequired',
  'sourceLocationForbidden',
  'destinationLocationRequired',
  'destinationLocationForbidden',
  'containerForbidden',
  'containerRequired', // (ours) a bin relocation names the bin
  'productionNeedsOneSide', // (ours) a production position consumes or produces, not both
  'sourceLocationLocked',
  'destinationLocationLocked',
  'expiryDateRequired',
  'productionDateRequired',
  'serialRequired',
  'wrongStorageTemperature',
  'shortExpiry',
  'internalWithContractor',
  'notWorkingCopy',
  'orderRequired', // (ours) an order-based type without an order
  'orderNotInProduction',
  'unknownDocumentType',
  'unknownProduct',
  'unknownLocation', // (ours) a location id the context does not know
  'productNotOnOrder',
  'severalProductsMatch',
  'noProductMatches',
  'productionNameNeedsHyphen',
  'locationCapacityExceeded',
  'locationDoesNotHoldStock',
  'positionsNotEditable', // (ours) generated documents' positions are not edited by hand
  'statusForbidsChange',
  'closeReasonRequired', // (ours) closing an order manually needs a reason
  'quantityExceedsOrderable', // (ours) a portal basket asks for more than the contractor can order now
] as const;
export type WarehouseIssueCode = (typeof warehouseIssueCodes)[number];

export type IssueParams = Readonly<Record<string, string | number>>;

/** One broken rule. `positionIndex` points into the positions array given to the check; absent = the header. */
export interface WarehouseIssue {
  readonly code: WarehouseIssueCode;
  readonly positionIndex?: number;
  readonly field?: string;
  readonly params?: IssueParams;
}

/** Builds an issue without undefined keys, so issues compare and serialise cleanly. */
export const issue = (
  code: WarehouseIssueCode,
  at: {
    positionIndex?: number | undefined;
    field?: string | undefined;
    params?: IssueParams | undefined;
  } = {},
): WarehouseIssue => ({
  code,
  ...(at.positionIndex === undefined ? {} : { positionIndex: at.positionIndex }),
  ...(at.field === undefined ? {} : { field: at.field }),
  ...(at.params === undefined ? {} : { params: at.params }),
});
