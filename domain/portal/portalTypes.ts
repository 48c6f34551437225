/** What the contractor portal's calls answer (docs/api.md "Contractor portal"), for the server and the app alike. */

/** A product as the contractor sees it: the contractor's translation of its name and description when there is one. */
export interface PortalProduct {
  readonly id: string;
  readonly index: string;
  readonly name: string;
  readonly description: string | null;
  readonly unit: string | null;
  readonly groupId: string | null;
  readonly barcodes: string[];
  readonly imageUrl: string | null;
  readonly portalComment: string | null;
}

/** A catalogue entry: the product, what can be ordered now and what the caller's basket holds. */
export type CatalogueEntry = PortalProduct & {
  readonly productId: string;
  readonly available: number;
  readonly inBasket: number;
};

/** A basket line: the product, the quantity, what can be ordered now and how much of the line is short. */
export type BasketLineView = Omit<PortalProduct, 'id'> & {
  readonly id: string;
  readonly productId: string;
  readonly quantity: number;
  readonly available: number;
  readonly short: number;
};

export interface BasketSummary {
  readonly positions: BasketLineView[];
  readonly lines: number;
  readonly totalQuantity: number;
  readonly shortLines: number;
}

/** A line of a contractor's order: the product as the contractor sees it, ordered and picked so far. */
export interface PortalOrderLine {
  readonly id: string;
  readonly productId: string;
  readonly index: string;
  readonly name: string;
  readonly unit: string | null;
  readonly ordered: number;
  /** Picked or released so far: what the terminal recorded or the confirmed documents moved. */
  readonly picked: number;
  readonly done: boolean;
}

/** What a contractor's order adds to the order row: its visible lines and their progress. */
export interface PortalOrderProgress {
  readonly lines: PortalOrderLine[];
  readonly linesDone: number;
  readonly orderedQuantity: number;
  readonly pickedQuantity: number;
}
