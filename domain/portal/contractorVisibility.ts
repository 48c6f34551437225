/**
 * The one rule of what a contractor may see (portal users and shared links alike): a product is theirs when its
 * contractor is theirs and it is not hidden from the portal; anything that names a product (stock, order lines,
 * basket lines) is visible exactly when its product is. The server turns this rule into SQL in one place
 * (server/resources/contractorScope.ts); this is the same rule for data already in memory.
 */
export interface ContractorProduct {
  readonly contractorId: string | null;
  readonly hideFromPortal: boolean | null;
}

/** The product fields the rule reads (the product definition's contractorField and contractorHiddenField). */
export const contractorProductFields = { contractor: 'contractorId', hidden: 'hideFromPortal' } as const;

export const isVisibleToContractor = (product: ContractorProduct, contractorId: string): boolean =>
  product.contractorId === contractorId && product.hideFromPortal !== true;
