import { create } from 'zustand';

interface ScanIssueState {
  /** What arrived of a scan the scanner interrupted (shown until the next scan or dismissed). */
  partial: { readonly code: string; readonly at: number } | null;
  reportPartial: (code: string) => void;
  clear: () => void;
}

/** A scan that did not arrive whole: every terminal screen tells the user (no scan is lost in silence). */
export const useScanIssueStore = create<ScanIssueState>()((set) => ({
  partial: null,
  reportPartial: (code) => set({ partial: { code, at: Date.now() } }),
  clear: () => set({ partial: null }),
}));
