import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { aisleStorage } from '../../state/storage';
import { sanitizeWedgeSettings } from './scannerSettings';
import { defaultWedgeSettings, type WedgeSettings } from './wedgeDecoder';

interface ScannerSettingsState {
  /** How the keyboard-wedge scanner of this device is recognised (kept per device, not per user). */
  wedge: WedgeSettings;
  setWedge: (patch: Partial<WedgeSettings>) => void;
  resetWedge: () => void;
}

export const useScannerSettingsStore = create<ScannerSettingsState>()(
  persist(
    (set) => ({
      wedge: defaultWedgeSettings,
      setWedge: (patch) => set((s) => ({ wedge: sanitizeWedgeSettings({ ...s.wedge, ...patch }) })),
      resetWedge: () => set({ wedge: defaultWedgeSettings }),
    }),
    {
      name: 'aisle-scanner',
      storage: aisleStorage,
      version: 1,
      partialize: ({ wedge }) => ({ wedge }),
      merge: (persisted, current) => ({
        ...current,
        wedge: sanitizeWedgeSettings((persisted as { wedge?: unknown } | undefined)?.wedge),
      }),
    },
  ),
);
