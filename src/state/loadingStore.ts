import { create } from 'zustand';

interface LoadingState {
  /** Number of API calls in flight. */
  count: number;
  start: () => void;
  finish: () => void;
}

/** The global loading counter: every API call increments it and decrements it when done. */
export const useLoadingStore = create<LoadingState>()((set) => ({
  count: 0,
  start: () => set((s) => ({ count: s.count + 1 })),
  finish: () => set((s) => ({ count: Math.max(0, s.count - 1) })),
}));

export const useIsLoading = (): boolean => useLoadingStore((s) => s.count > 0);
