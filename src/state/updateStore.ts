import { create } from 'zustand';

/** After "later", an out-of-date answer (each failing sync round gives one) shows the prompt again only after this. */
export const outdatedQuietMs = 10 * 60 * 1000;

interface UpdateState {
  /** A new service worker is installed and waits for the user's consent to take over. */
  waiting: boolean;
  /** The server said this client is out of date (error code clientVersionOutdated). */
  outdated: boolean;
  /** The user chose "later" (ms since epoch); null while the prompt may show. */
  dismissedAt: number | null;
  reportWaiting: () => void;
  reportOutdated: (now?: number) => void;
  dismiss: (now?: number) => void;
}

export const useUpdateStore = create<UpdateState>()((set, get) => ({
  waiting: false,
  outdated: false,
  dismissedAt: null,
  // A newly installed version is news: always worth asking again.
  reportWaiting: () => set({ waiting: true, dismissedAt: null }),
  reportOutdated: (now = Date.now()) => {
    const { outdated, dismissedAt } = get();
    if (dismissedAt !== null && now - dismissedAt < outdatedQuietMs) return;
    if (!outdated || dismissedAt !== null) set({ outdated: true, dismissedAt: null });
  },
  dismiss: (now = Date.now()) => set({ dismissedAt: now }),
}));

/** Whether the "new version — reload" prompt is on screen. */
export const isUpdatePromptVisible = (
  s: Pick<UpdateState, 'waiting' | 'outdated' | 'dismissedAt'>,
): boolean => (s.waiting || s.outdated) && s.dismissedAt === null;

/**
 * For the API client and the sync engine: the server answered clientVersionOutdated. Shows the same
 * prompt as a waiting service worker (startPwa then also looks for the new version at once).
 */
export const reportClientOutdated = (): void => useUpdateStore.getState().reportOutdated();
