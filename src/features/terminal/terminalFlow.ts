import type { Gs1Data } from '../../../domain/barcodes/gs1';
import { addQuantities, isPositiveQuantity } from '../../../domain/warehouse/quantity';
import type { LocalRefusal } from '../../../sync/validateIntent';
import type { FlowKind } from './data/flowKinds';
import type { LineDraft } from './data/lineDraft';
import type { LocationPick, ProductPick, ScanResolution } from './data/resolveScan';

/**
 * The terminal's line flow as a pure state machine: scan the location, scan the product (a barcode, the
 * index, a GTIN or GS1 data whose AIs fill lot, dates, serial and count), give the batch data the product
 * requires, the quantity, confirm. Scans are taken in any order — a product scanned first waits for its
 * location, a location scanned later replaces the current one — and the current step is always the first
 * thing missing. The screens resolve scans on the replica (resolveScan) and queue the confirmed line.
 */

export type FlowStep = 'location' | 'product' | 'details' | 'quantity';

/** The batch of a line (texts null when not given). */
export interface Batch {
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly container: string | null;
}

export interface LineDetails extends Batch {
  /** GS1 AI 10; goes to the serial number when the product tracks serials and no AI 21 was scanned. */
  readonly lot: string | null;
}

/** A batch with free stock at the scanned location (release, picking). */
export interface BatchOption extends Batch {
  readonly available: number;
}

export type DetailsSource = 'none' | 'gs1' | 'stock' | 'typed';

/** What the screen tells the user: a translated text (`ns:key`) or the rules' refusal with its issues. */
export interface Feedback {
  readonly tone: 'success' | 'info' | 'error';
  readonly key?: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly refusal?: LocalRefusal;
  /** Recorded while the device's data was older than the company allows: the banner warns too. */
  readonly stale?: boolean;
  /**
   * The document the outcome is about (a confirmation): the banner follows it, and once it is synced says so with
   * the final number instead of the provisional one.
   */
  readonly documentId?: string;
}

export interface FlowState {
  readonly kind: FlowKind;
  readonly location: LocationPick | null;
  readonly product: ProductPick | null;
  readonly details: LineDetails;
  readonly detailsFrom: DetailsSource;
  /** The user went through the details step (or did not need it). */
  readonly detailsConfirmed: boolean;
  /** The user opened the details step to change the batch data. */
  readonly editingDetails: boolean;
  /** Free batches of the product at the location (release, picking); null = not loaded. */
  readonly batches: readonly BatchOption[] | null;
  readonly quantity: number | null;
  readonly feedback: Feedback | null;
  /** Redoing a refused line or position (its id): confirming replaces it. */
  readonly fixing: string | null;
}

export type FlowEvent =
  | { readonly type: 'scanned'; readonly scan: ScanResolution }
  | { readonly type: 'batchesLoaded'; readonly batches: readonly BatchOption[] }
  | { readonly type: 'batchChosen'; readonly index: number }
  | { readonly type: 'detailsEntered'; readonly details: Partial<LineDetails> }
  | { readonly type: 'detailsEdit'; readonly open: boolean }
  | { readonly type: 'quantitySet'; readonly quantity: number | null }
  /** `stale`: recorded while the device's data was older than the company allows. */
  | { readonly type: 'recorded'; readonly stale?: boolean }
  | { readonly type: 'refused'; readonly refusal: LocalRefusal }
  | { readonly type: 'cleared'; readonly what: 'location' | 'product' | 'all' }
  | {
      readonly type: 'fixStarted';
      readonly id: string;
      readonly product: ProductPick;
      readonly quantity: number;
      readonly details: LineDetails;
    }
  | { readonly type: 'notice'; readonly feedback: Feedback | null };

export const noDetails: LineDetails = {
  serialNumber: null,
  prodDate: null,
  expDate: null,
  container: null,
  lot: null,
};

export const initialFlow = (kind: FlowKind): FlowState => ({
  kind,
  location: null,
  product: null,
  details: noDetails,
  detailsFrom: 'none',
  detailsConfirmed: false,
  editingDetails: false,
  batches: null,
  quantity: null,
  feedback: null,
  fixing: null,
});

/** Batch data the product requires that the line does not have yet. */
export const missingDetails = (state: FlowState): ('prodDate' | 'expDate' | 'serialNumber')[] => {
  const p = state.product;
  if (!p || state.kind === 'verify') return [];
  const out: ('prodDate' | 'expDate' | 'serialNumber')[] = [];
  if (p.requires.expDate && !state.details.expDate) out.push('expDate');
  if (p.requires.prodDate && !state.details.prodDate) out.push('prodDate');
  if (p.requires.serial && !state.details.serialNumber) out.push('serialNumber');
  return out;
};

/**
 * The current step: the first thing missing. The details step comes up when the product requires batch
 * data the scan did not bring (GS1) and the stock did not give (release), or when the user asked for it.
 */
export const stepOf = (state: FlowState): FlowStep => {
  if (!state.location) return 'location';
  if (!state.product) return 'product';
  if (state.editingDetails) return 'details';
  if (!state.detailsConfirmed && missingDetails(state).length > 0) return 'details';
  return 'quantity';
};

/** Release and picking take a batch that is there: they need the free batches at the location. */
const takesStock = (kind: FlowKind): boolean => kind === 'release' || kind === 'picking';

/** The location and product whose free batches the flow needs. */
export interface BatchesWanted {
  readonly locationId: string;
  readonly productId: string;
}

/**
 * The batches to read together with a scan: those of the location and product the flow will know after it
 * (a scan completes the pair, usually the product at the bin scanned first). A guess — the reducer decides
 * what a scan means — checked with `awaitsBatches` once it has.
 */
export const batchesWithScan = (state: FlowState, scan: ScanResolution): BatchesWanted | null => {
  if (!takesStock(state.kind)) return null;
  const locationId = scan.location?.id ?? state.location?.id;
  const productId = scan.product.kind === 'found' ? scan.product.product.id : state.product?.id;
  return locationId && productId ? { locationId, productId } : null;
};

/** The batches the flow waits for: release and picking, location and product known, none read yet. */
export const batchesNeeded = (state: FlowState): BatchesWanted | null =>
  takesStock(state.kind) && state.batches === null && state.location && state.product
    ? { locationId: state.location.id, productId: state.product.id }
    : null;

/** Whether the flow waits for the free batches of exactly that location and product. */
export const awaitsBatches = (state: FlowState, wanted: BatchesWanted): boolean => {
  const needed = batchesNeeded(state);
  return needed?.locationId === wanted.locationId && needed.productId === wanted.productId;
};

/** The line to record, once location, product and a positive quantity are there (batch data may be empty). */
export const lineDraftOf = (state: FlowState): LineDraft | null => {
  if (!state.location || !state.product || state.quantity === null || !isPositiveQuantity(state.quantity))
    return null;
  return {
    productId: state.product.id,
    locationId: state.location.id,
    quantity: state.quantity,
    container: state.details.container,
    serialNumber: state.details.serialNumber,
    prodDate: state.details.prodDate,
    expDate: state.details.expDate,
  };
};

/** GS1 data → the line's batch: expiry (AI 17, else best before 15), production date (11), serial, bin. */
export const detailsFromGs1 = (gs1: Gs1Data, product: ProductPick): LineDetails => ({
  serialNumber: gs1.serial ?? (product.tracks.serial && gs1.lot ? gs1.lot : null),
  prodDate: gs1.productionDate ?? null,
  expDate: gs1.expiryDate ?? gs1.bestBeforeDate ?? null,
  container: gs1.sscc ?? null,
  lot: gs1.lot ?? null,
});

const hasBatchData = (d: LineDetails): boolean =>
  d.serialNumber !== null || d.prodDate !== null || d.expDate !== null;

/** One scan counts its GS1 count (AI 37) or one unit. */
const unitsOf = (gs1: Gs1Data | null): number => gs1?.containedCount ?? 1;

const withLocation = (state: FlowState, location: LocationPick): FlowState => {
  if (state.location?.id === location.id) return { ...state, feedback: null };
  // A batch read from the old location's stock does not hold at the new one; a bin is at one location
  // (unless the scan brought it: a pallet label's SSCC travels with the pallet).
  const fromStock = state.detailsFrom === 'stock';
  return {
    ...state,
    location,
    batches: null,
    details: fromStock
      ? noDetails
      : { ...state.details, container: state.detailsFrom === 'gs1' ? state.details.container : null },
    detailsFrom: fromStock ? 'none' : state.detailsFrom,
    feedback: null,
  };
};

const withProduct = (state: FlowState, product: ProductPick, gs1: Gs1Data | null): FlowState => {
  if (state.product?.id === product.id) {
    const quantity = addQuantities(state.quantity ?? 0, unitsOf(gs1));
    return {
      ...state,
      quantity,
      feedback: {
        tone: 'info',
        key: 'terminal:feedback.counted',
        params: { quantity, product: product.index },
      },
    };
  }
  const details = gs1 ? detailsFromGs1(gs1, product) : noDetails;
  return {
    ...state,
    product,
    details,
    detailsFrom: gs1 && (hasBatchData(details) || details.container) ? 'gs1' : 'none',
    detailsConfirmed: false,
    editingDetails: false,
    batches: null,
    quantity: unitsOf(gs1),
    feedback: null,
  };
};

const scanned = (state: FlowState, scan: ScanResolution): FlowState => {
  const step = stepOf(state);
  const { location, product, container } = scan;
  if (location && (step === 'location' || product.kind !== 'found')) return withLocation(state, location);
  if (product.kind === 'found') return withProduct(state, product.product, product.gs1);
  if (container) {
    const at = container.location && !state.location ? withLocation(state, container.location) : state;
    return {
      ...at,
      details: { ...at.details, container: container.container },
      feedback: {
        tone: 'info',
        key: 'terminal:feedback.container',
        params: { container: container.container },
      },
    };
  }
  if (product.kind === 'several')
    return error(state, 'warehouse:issues.severalProductsMatch', { count: product.count, code: scan.code });
  if (product.gs1Error) return error(state, `terminal:gs1Errors.${product.gs1Error}`, { code: scan.code });
  return step === 'location'
    ? error(state, 'terminal:feedback.unknownLocation', { code: scan.code })
    : error(state, 'warehouse:issues.noProductMatches', { code: scan.code });
};

const error = (state: FlowState, key: string, params: Record<string, string | number>): FlowState => ({
  ...state,
  feedback: { tone: 'error', key, params },
});

const chooseBatch = (state: FlowState, batch: BatchOption): FlowState => ({
  ...state,
  details: {
    ...state.details,
    serialNumber: batch.serialNumber,
    prodDate: batch.prodDate,
    expDate: batch.expDate,
    container: batch.container,
  },
  detailsFrom: 'stock',
});

const sameBatch = (a: Batch, b: LineDetails): boolean =>
  (b.expDate === null || a.expDate === b.expDate) &&
  (b.serialNumber === null || a.serialNumber === b.serialNumber) &&
  (b.prodDate === null || a.prodDate === b.prodDate) &&
  (b.container === null || a.container === b.container);

/** What is left for the next line: the location stays where goods are put or counted, not where taken. */
const nextLine = (state: FlowState, stale: boolean): FlowState => ({
  ...initialFlow(state.kind),
  location: state.kind === 'receipt' || state.kind === 'verify' ? state.location : null,
  feedback: { tone: 'success', key: 'terminal:feedback.recorded', ...(stale ? { stale } : {}) },
});

export const flowReducer = (state: FlowState, event: FlowEvent): FlowState => {
  switch (event.type) {
    case 'scanned':
      return scanned(state, event.scan);
    case 'batchesLoaded': {
      const next = { ...state, batches: event.batches };
      if (state.detailsFrom === 'typed') return next;
      // Scanned batch data picks its batch; otherwise the FEFO-first one at this location.
      const match =
        state.detailsFrom === 'gs1'
          ? event.batches.find((b) => sameBatch(b, state.details))
          : event.batches[0];
      if (match) return chooseBatch(next, match);
      return event.batches.length === 0
        ? {
            ...next,
            feedback: {
              tone: 'error',
              key: 'terminal:feedback.nothingHere',
              params: { product: state.product?.index ?? '', location: state.location?.label ?? '' },
            },
          }
        : next;
    }
    case 'batchChosen': {
      const batch = state.batches?.[event.index];
      return batch ? chooseBatch(state, batch) : state;
    }
    case 'detailsEntered':
      return {
        ...state,
        details: { ...state.details, ...event.details },
        detailsFrom: 'typed',
        detailsConfirmed: true,
        editingDetails: false,
        feedback: null,
      };
    case 'detailsEdit':
      return { ...state, editingDetails: event.open && state.product !== null, feedback: null };
    case 'quantitySet':
      return { ...state, quantity: event.quantity };
    case 'recorded':
      return nextLine(state, event.stale === true);
    case 'refused':
      return { ...state, feedback: { tone: 'error', refusal: event.refusal } };
    case 'cleared':
      if (event.what === 'all') return initialFlow(state.kind);
      if (event.what === 'location') return { ...state, location: null, batches: null, feedback: null };
      return {
        ...state,
        product: null,
        details: noDetails,
        detailsFrom: 'none',
        detailsConfirmed: false,
        editingDetails: false,
        batches: null,
        quantity: null,
        feedback: null,
      };
    case 'fixStarted':
      return {
        ...initialFlow(state.kind),
        product: event.product,
        details: event.details,
        detailsFrom: state.kind === 'receipt' ? 'typed' : 'none',
        detailsConfirmed: state.kind === 'receipt',
        quantity: event.quantity,
        fixing: event.id,
        feedback: { tone: 'info', key: 'terminal:feedback.fixing', params: { product: event.product.index } },
      };
    case 'notice':
      return { ...state, feedback: event.feedback };
  }
};

/** A scanned order number (or id) among the listed orders, any case. */
export const matchOrder = <O extends { readonly id: string; readonly orderNumber: string }>(
  orders: readonly O[],
  code: string,
): O | null => {
  const text = code.trim().toUpperCase();
  if (!text) return null;
  return orders.find((o) => o.orderNumber.toUpperCase() === text || o.id.toUpperCase() === text) ?? null;
};
