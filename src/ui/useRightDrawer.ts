import type { ReactNode } from 'react';
import { type RightDrawerOptions, useDrawerStore } from '../state/drawerStore';

export interface RightDrawer {
  readonly opened: boolean;
  /** Shows `content` in the right-hand drawer (replacing what it showed). */
  readonly open: (content: ReactNode, options?: RightDrawerOptions) => void;
  readonly close: () => void;
}

/** The right-hand drawer for previews and forms; navigation closes it. */
export const useRightDrawer = (): RightDrawer => {
  const opened = useDrawerStore((s) => s.opened);
  const open = useDrawerStore((s) => s.open);
  const close = useDrawerStore((s) => s.close);
  return { opened, open, close };
};
