/** What a scanned code is compared with: any barcode, the index (case-insensitive, stored upper case) or the ERP id. */
export interface ScanCandidate {
  readonly id: string;
  readonly index: string;
  readonly barcodes: readonly string[];
  readonly sapId: string | null;
}

/** Products a scanned code points to, each once, in candidate order. */
export const matchProducts = <C extends ScanCandidate>(code: string, candidates: readonly C[]): C[] => {
  const scanned = code.trim();
  if (!scanned) return [];
  const upper = scanned.toUpperCase();
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const hit = c.barcodes.includes(scanned) || c.index.toUpperCase() === upper || c.sapId === scanned;
    if (!hit || seen.has(c.id)) return false;
    seen.add(c.id);
    return true;
  });
};
