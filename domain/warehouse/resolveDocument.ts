import { type DocumentTypeDef, documentTypeOf } from './documentTypes';
import type { WarehouseIssue } from './issues';
import type {
  DocumentDraft,
  LocationRules,
  PositionDraft,
  ProductRules,
  ValidationContext,
} from './validationInput';

/** A position with the header's values filled in and its product and locations looked up. */
export interface ResolvedPosition {
  readonly index: number;
  readonly draft: PositionDraft;
  readonly product: ProductRules | undefined;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly source: LocationRules | undefined;
  readonly destination: LocationRules | undefined;
  /** The position takes goods out of its source location. */
  readonly takes: boolean;
  /** The position puts goods into its destination location. */
  readonly puts: boolean;
}

/** Everything a document rule looks at. */
export interface DocumentCheck {
  readonly document: DocumentDraft;
  /** undefined when the type code is unknown: type-dependent rules then stay silent. */
  readonly type: DocumentTypeDef | undefined;
  readonly positions: readonly ResolvedPosition[];
  readonly context: ValidationContext;
}

/** One document rule (docs/warehouse-rules.md): returns its issues (empty = the rule holds). */
export type DocumentRule = (check: DocumentCheck) => WarehouseIssue[];

/** Position-level values win; null or absent takes the header's. */
export const resolvePosition = (
  document: DocumentDraft,
  type: DocumentTypeDef | undefined,
  draft: PositionDraft,
  index: number,
  context: Pick<ValidationContext, 'products' | 'locations'>,
): ResolvedPosition => {
  // A production position that names only one side is that side only: the header's other side is not inherited,
  // so one header can default both the material store and the output location.
  const production = type?.kind === 'production';
  const inheritSource = !(production && draft.destinationLocationId && !draft.sourceLocationId);
  const inheritDestination = !(production && draft.sourceLocationId && !draft.destinationLocationId);
  const sourceLocationId =
    draft.sourceLocationId ?? (inheritSource ? document.sourceLocationId : null) ?? null;
  const destinationLocationId =
    draft.destinationLocationId ?? (inheritDestination ? document.destinationLocationId : null) ?? null;
  const sourceContainer = draft.sourceContainer ?? (inheritSource ? document.sourceContainer : null) ?? null;
  // A moved bin keeps its number unless another one is given.
  const destinationContainer =
    draft.destinationContainer ??
    (inheritDestination ? document.destinationContainer : null) ??
    (type?.movesContainer ? sourceContainer : null);
  return {
    index,
    draft,
    product: context.products.get(draft.productId),
    sourceLocationId,
    destinationLocationId,
    sourceContainer,
    destinationContainer,
    source: sourceLocationId === null ? undefined : context.locations.get(sourceLocationId),
    destination: destinationLocationId === null ? undefined : context.locations.get(destinationLocationId),
    takes: type !== undefined && type.effect.source !== 0 && sourceLocationId !== null,
    puts: type !== undefined && type.effect.destination !== 0 && destinationLocationId !== null,
  };
};

export const resolveDocument = (
  document: DocumentDraft,
  positions: readonly PositionDraft[],
  context: ValidationContext,
): DocumentCheck => {
  const type = documentTypeOf(document.typeCode);
  return {
    document,
    type,
    positions: positions.map((draft, index) => resolvePosition(document, type, draft, index, context)),
    context,
  };
};
