import type { WarehouseIssue } from './issues';
import { type DocumentRule, resolveDocument } from './resolveDocument';
import type { DocumentDraft, PositionDraft, ValidationContext } from './validationInput';
import { checkContainerForbidden } from './validators/checkContainerForbidden';
import { checkContainerRequired } from './validators/checkContainerRequired';
import { checkContractorMismatch } from './validators/checkContractorMismatch';
import { checkDestinationContainerElsewhere } from './validators/checkDestinationContainerElsewhere';
import { checkDestinationLocationForbidden } from './validators/checkDestinationLocationForbidden';
import { checkDestinationLocationLocked } from './validators/checkDestinationLocationLocked';
import { checkDestinationLocationRequired } from './validators/checkDestinationLocationRequired';
import { checkExpiryDateRequired } from './validators/checkExpiryDateRequired';
import { checkInternalWithContractor } from './validators/checkInternalWithContractor';
import { checkLocationCapacityExceeded } from './validators/checkLocationCapacityExceeded';
import { checkLocationDoesNotHoldStock } from './validators/checkLocationDoesNotHoldStock';
import { checkNotWorkingCopy } from './validators/checkNotWorkingCopy';
import { checkOrderNotInProduction } from './validators/checkOrderNotInProduction';
import { checkOrderRequired } from './validators/checkOrderRequired';
import { checkProductExpired } from './validators/checkProductExpired';
import { checkProductionDateRequired } from './validators/checkProductionDateRequired';
import { checkProductionNeedsOneSide } from './validators/checkProductionNeedsOneSide';
import { checkProductLockedForReceipt } from './validators/checkProductLockedForReceipt';
import { checkProductLockedForRelease } from './validators/checkProductLockedForRelease';
import { checkProductLockedForRelocation } from './validators/checkProductLockedForRelocation';
import { checkProductNotOnOrder } from './validators/checkProductNotOnOrder';
import { checkQuantityExceedsAvailable } from './validators/checkQuantityExceedsAvailable';
import { checkQuantityExceedsOrder } from './validators/checkQuantityExceedsOrder';
import { checkQuantityNotPositive } from './validators/checkQuantityNotPositive';
import { checkSerialRequired } from './validators/checkSerialRequired';
import { checkShortExpiry } from './validators/checkShortExpiry';
import { checkSourceContainerMismatch } from './validators/checkSourceContainerMismatch';
import { checkSourceLocationForbidden } from './validators/checkSourceLocationForbidden';
import { checkSourceLocationLocked } from './validators/checkSourceLocationLocked';
import { checkSourceLocationRequired } from './validators/checkSourceLocationRequired';
import { checkUnknownDocumentType } from './validators/checkUnknownDocumentType';
import { checkUnknownLocation } from './validators/checkUnknownLocation';
import { checkUnknownProduct } from './validators/checkUnknownProduct';
import { checkWrongStorageTemperature } from './validators/checkWrongStorageTemperature';

/**
 * Every document rule, header rules first. Scan rules (noProductMatches, severalProductsMatch),
 * production naming and the manual-edit guard are not here: they judge other inputs.
 */
export const documentRules: readonly DocumentRule[] = [
  checkUnknownDocumentType,
  checkNotWorkingCopy,
  checkInternalWithContractor,
  checkOrderRequired,
  checkOrderNotInProduction,
  checkUnknownProduct,
  checkUnknownLocation,
  checkQuantityNotPositive,
  checkSourceLocationRequired,
  checkSourceLocationForbidden,
  checkDestinationLocationRequired,
  checkDestinationLocationForbidden,
  checkContainerForbidden,
  checkContainerRequired,
  checkProductionNeedsOneSide,
  checkSourceContainerMismatch,
  checkDestinationContainerElsewhere,
  checkSourceLocationLocked,
  checkDestinationLocationLocked,
  checkLocationDoesNotHoldStock,
  checkContractorMismatch,
  checkProductLockedForReceipt,
  checkProductLockedForRelease,
  checkProductLockedForRelocation,
  checkExpiryDateRequired,
  checkProductionDateRequired,
  checkSerialRequired,
  checkProductExpired,
  checkShortExpiry,
  checkWrongStorageTemperature,
  checkLocationCapacityExceeded,
  checkProductNotOnOrder,
  checkQuantityExceedsOrder,
  checkQuantityExceedsAvailable,
];

/**
 * All issues of a document and its positions: header issues first, then by position index, each group in
 * rule order. Empty = the document may be saved / confirmed. Same result on the server and the terminal.
 */
export const validateDocument = (
  document: DocumentDraft,
  positions: readonly PositionDraft[],
  context: ValidationContext,
): WarehouseIssue[] => {
  const check = resolveDocument(document, positions, context);
  const issues = documentRules.flatMap((rule) => rule(check));
  const at = (i: WarehouseIssue) => i.positionIndex ?? -1;
  // Array.prototype.sort is stable, so rule order survives within a position.
  return issues.sort((a, b) => at(a) - at(b));
};
