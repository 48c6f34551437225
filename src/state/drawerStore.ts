import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface RightDrawerOptions {
  /** Drawer title (already translated). */
  readonly title?: ReactNode;
  /** Mantine size or CSS width; default 'lg'. */
  readonly size?: string | number;
}

interface DrawerState {
  opened: boolean;
  content: ReactNode;
  options: RightDrawerOptions;
  open: (content: ReactNode, options?: RightDrawerOptions) => void;
  close: () => void;
}

/** The right-hand drawer (previews, forms); closed on every navigation. */
export const useDrawerStore = create<DrawerState>()((set) => ({
  opened: false,
  content: null,
  options: {},
  open: (content, options = {}) => set({ opened: true, content, options }),
  close: () => set({ opened: false }),
}));
