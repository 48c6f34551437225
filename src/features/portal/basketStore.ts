import { create } from 'zustand';
import { portalApi } from './portalApi';

interface BasketCount {
  /** Lines in the user's basket (null until first read). */
  readonly lines: number | null;
  /** Reads the basket again (after a change on this or another device). */
  readonly refresh: () => Promise<void>;
  readonly set: (lines: number) => void;
}

/** How many lines the signed-in contractor user's basket holds, for the home page and the catalogue's button. */
export const useBasketCount = create<BasketCount>((set) => ({
  lines: null,
  refresh: async () => {
    try {
      const summary = await portalApi.summary(true);
      set({ lines: summary.lines });
    } catch {
      // The count is a convenience: the basket page shows the error.
    }
  },
  set: (lines) => set({ lines }),
}));
