import type { RuleIssue } from '../../../domain/errors';
import { textOf } from '../../../domain/rowValues';
import { documentTypeOf, type SideRule } from '../../../domain/warehouse/documentTypes';
import { todayOf } from '../../../domain/warehouse/isoDate';
import { defaultLogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import type { DocumentRule } from '../../../domain/warehouse/resolveDocument';
import { resolveDocument } from '../../../domain/warehouse/resolveDocument';
import {
  type DocumentDraft,
  type PositionDraft,
  type ProductRules,
  positionDraftSchema,
} from '../../../domain/warehouse/validationInput';
import { checkContainerForbidden } from '../../../domain/warehouse/validators/checkContainerForbidden';
import { checkContainerRequired } from '../../../domain/warehouse/validators/checkContainerRequired';
import { checkContractorMismatch } from '../../../domain/warehouse/validators/checkContractorMismatch';
import { checkDestinationLocationForbidden } from '../../../domain/warehouse/validators/checkDestinationLocationForbidden';
import { checkDestinationLocationRequired } from '../../../domain/warehouse/validators/checkDestinationLocationRequired';
import { checkExpiryDateRequired } from '../../../domain/warehouse/validators/checkExpiryDateRequired';
import { checkInternalWithContractor } from '../../../domain/warehouse/validators/checkInternalWithContractor';
import { checkProductionDateRequired } from '../../../domain/warehouse/validators/checkProductionDateRequired';
import { checkProductionNeedsOneSide } from '../../../domain/warehouse/validators/checkProductionNeedsOneSide';
import { checkProductLockedForReceipt } from '../../../domain/warehouse/validators/checkProductLockedForReceipt';
import { checkProductLockedForRelease } from '../../../domain/warehouse/validators/checkProductLockedForRelease';
import { checkProductLockedForRelocation } from '../../../domain/warehouse/validators/checkProductLockedForRelocation';
import { checkQuantityNotPositive } from '../../../domain/warehouse/validators/checkQuantityNotPositive';
import { checkSerialRequired } from '../../../domain/warehouse/validators/checkSerialRequired';
import { checkSourceLocationForbidden } from '../../../domain/warehouse/validators/checkSourceLocationForbidden';
import { checkSourceLocationRequired } from '../../../domain/warehouse/validators/checkSourceLocationRequired';
import { checkUnknownDocumentType } from '../../../domain/warehouse/validators/checkUnknownDocumentType';
import { isoToLocalInput, localInputToIso } from '../../resources/formValues';
import type { DocumentInput, HeaderFields, PositionInput, PositionRow } from './documentApi';
import { stringOf, textOrNull, toNumber } from './values';

/** The header of a document as the editor holds it (text inputs hold strings, selects ids or null); orders add theirs. */
export interface HeaderValues {
  readonly typeCode: string | null;
  readonly contractorId: string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string;
  readonly destinationContainer: string;
  /** datetime-local value. */
  readonly plannedDate: string;
  readonly comment: string;
  readonly priority: string;
}

export interface PositionValues {
  /** Stable React key of the row. */
  readonly key: string;
  readonly productId: string | null;
  readonly quantity: string | number;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string;
  readonly destinationContainer: string;
  readonly serialNumber: string;
  readonly prodDate: string;
  readonly expDate: string;
  readonly comment: string;
}

let keySeq = 0;
const nextKey = (): string => `row-${++keySeq}`;

export const emptyHeader = (typeCode: string | null): HeaderValues => ({
  typeCode,
  contractorId: null,
  sourceLocationId: null,
  destinationLocationId: null,
  sourceContainer: '',
  destinationContainer: '',
  plannedDate: '',
  comment: '',
  priority: 'normal',
});

export const emptyPosition = (): PositionValues => ({
  key: nextKey(),
  productId: null,
  quantity: '',
  sourceLocationId: null,
  destinationLocationId: null,
  sourceContainer: '',
  destinationContainer: '',
  serialNumber: '',
  prodDate: '',
  expDate: '',
  comment: '',
});

const dateOnly = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10) : '');

/** The editor's values of the header fields documents and orders share. */
export const headerFromRow = (row: HeaderFields & { readonly priority: string | null }): HeaderValues => ({
  typeCode: row.typeCode,
  contractorId: textOf(row.contractorId),
  sourceLocationId: textOf(row.sourceLocationId),
  destinationLocationId: textOf(row.destinationLocationId),
  sourceContainer: stringOf(row.sourceContainer),
  destinationContainer: stringOf(row.destinationContainer),
  plannedDate: isoToLocalInput(row.plannedDate),
  comment: stringOf(row.comment),
  priority: stringOf(row.priority) || 'normal',
});

export const positionFromRow = (row: PositionRow): PositionValues => ({
  key: nextKey(),
  productId: textOf(row.productId),
  quantity: toNumber(row.quantity) ?? '',
  sourceLocationId: textOf(row.sourceLocationId),
  destinationLocationId: textOf(row.destinationLocationId),
  sourceContainer: stringOf(row.sourceContainer),
  destinationContainer: stringOf(row.destinationContainer),
  serialNumber: stringOf(row.serialNumber),
  prodDate: dateOnly(row.prodDate),
  expDate: dateOnly(row.expDate),
  comment: stringOf(row.comment),
});

type Sides = Pick<
  HeaderValues,
  'sourceLocationId' | 'destinationLocationId' | 'sourceContainer' | 'destinationContainer'
>;

/** Values with the sides the type forbids cleared (after the type changed). */
export const withoutForbiddenSides = <T extends Sides>(values: T, typeCode?: string | null): T => {
  const type = documentTypeOf(
    typeCode === undefined ? (values as { typeCode?: string | null }).typeCode : typeCode,
  );
  if (!type) return values;
  return {
    ...values,
    ...(type.sourceLocation === 'forbidden' ? { sourceLocationId: null } : {}),
    ...(type.destinationLocation === 'forbidden' ? { destinationLocationId: null } : {}),
    ...(type.sourceContainer === 'forbidden' ? { sourceContainer: '' } : {}),
    ...(type.destinationContainer === 'forbidden' ? { destinationContainer: '' } : {}),
  };
};

const quantityOf = (v: string | number): number =>
  typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v.replace(',', '.'));

export const toPositionInput = (p: PositionValues): PositionInput => ({
  productId: p.productId ?? '',
  quantity: quantityOf(p.quantity),
  sourceLocationId: p.sourceLocationId,
  destinationLocationId: p.destinationLocationId,
  sourceContainer: textOrNull(p.sourceContainer),
  destinationContainer: textOrNull(p.destinationContainer),
  serialNumber: textOrNull(p.serialNumber),
  prodDate: textOrNull(p.prodDate),
  expDate: textOrNull(p.expDate),
  comment: textOrNull(p.comment),
});

/** The payload of the header fields documents and orders share. */
export const headerInputOf = (header: HeaderValues): Omit<DocumentInput, 'positions'> => ({
  typeCode: header.typeCode ?? '',
  contractorId: header.contractorId,
  sourceLocationId: header.sourceLocationId,
  destinationLocationId: header.destinationLocationId,
  sourceContainer: textOrNull(header.sourceContainer),
  destinationContainer: textOrNull(header.destinationContainer),
  plannedDate: localInputToIso(header.plannedDate) ?? null,
  comment: textOrNull(header.comment),
  priority: header.priority,
});

export const toDocumentInput = (
  header: HeaderValues,
  positions: readonly PositionValues[] | null,
): DocumentInput => ({
  ...headerInputOf(header),
  ...(positions ? { positions: positions.map(toPositionInput) } : {}),
});

/** The four sides of a header: a location or a bin, each required, optional or forbidden by the type. */
export type SideRules = Readonly<
  Record<'sourceLocation' | 'destinationLocation' | 'sourceContainer' | 'destinationContainer', SideRule>
>;

/** The side rules of a document type (every side optional while no type is chosen). */
export const sideRulesOf = (typeCode: string | null | undefined): SideRules => {
  const type = documentTypeOf(typeCode);
  return {
    sourceLocation: type?.sourceLocation ?? 'optional',
    destinationLocation: type?.destinationLocation ?? 'optional',
    sourceContainer: type?.sourceContainer ?? 'optional',
    destinationContainer: type?.destinationContainer ?? 'optional',
  };
};

/**
 * The domain rules the editor can judge from what it already holds (the type and the rows' products): no
 * locations, stock, bins or order are needed. The server runs every rule again on save.
 */
export const instantRules: readonly DocumentRule[] = [
  checkUnknownDocumentType,
  checkInternalWithContractor,
  checkQuantityNotPositive,
  checkSourceLocationRequired,
  checkSourceLocationForbidden,
  checkDestinationLocationRequired,
  checkDestinationLocationForbidden,
  checkContainerForbidden,
  checkContainerRequired,
  checkProductionNeedsOneSide,
  checkContractorMismatch,
  checkProductLockedForReceipt,
  checkProductLockedForRelease,
  checkProductLockedForRelocation,
  checkExpiryDateRequired,
  checkProductionDateRequired,
  checkSerialRequired,
];

/**
 * Instant feedback: the shape of each position (positionDraftSchema: product chosen, quantity a number,
 * ISO dates) and the rules above. One issue per position field (header field), first one wins.
 */
export const instantIssues = (
  input: Pick<
    DocumentInput,
    | 'typeCode'
    | 'contractorId'
    | 'sourceLocationId'
    | 'destinationLocationId'
    | 'sourceContainer'
    | 'destinationContainer'
    | 'positions'
  >,
  products: ReadonlyMap<string, ProductRules>,
  rules: readonly DocumentRule[] = instantRules,
): RuleIssue[] => {
  const positions = input.positions ?? [];
  const document: DocumentDraft = {
    typeCode: input.typeCode,
    statusCode: 'workingCopy',
    contractorId: input.contractorId,
    sourceLocationId: input.sourceLocationId,
    destinationLocationId: input.destinationLocationId,
    sourceContainer: input.sourceContainer,
    destinationContainer: input.destinationContainer,
    orderId: null,
  };
  const drafts: PositionDraft[] = positions.map((p) => ({ ...p }));
  const check = resolveDocument(document, drafts, {
    today: todayOf(Date.now()),
    products,
    locations: new Map(),
    containerLocations: new Map(),
    rules: defaultLogisticsConfig.rules,
  });
  // Rule issues first: a blank quantity reads better as "must be greater than 0" than as a bad value.
  const out: RuleIssue[] = rules.flatMap((rule) => rule(check));
  positions.forEach((p, positionIndex) => {
    const shape = positionDraftSchema.safeParse({
      ...p,
      quantity: Number.isNaN(p.quantity) ? undefined : p.quantity,
    });
    if (shape.success) return;
    for (const zodIssue of shape.error.issues)
      out.push({ code: zodIssue.message, positionIndex, field: String(zodIssue.path[0] ?? '') });
  });
  const seen = new Set<string>();
  return out.filter((i) => {
    const key = `${i.positionIndex ?? -1}:${i.field ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
