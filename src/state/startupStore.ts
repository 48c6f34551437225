import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { MenuSection } from '../../domain/menu';
import type { SessionUser } from './authStore';
import { aisleStorage } from './storage';

/** The caller's company account as the startup configuration returns it. */
export interface ClientAccountInfo {
  readonly id?: string;
  readonly name?: string;
  readonly appTitle?: string | null;
  readonly theme?: string | null;
  readonly windowAnimations?: boolean | null;
  readonly [key: string]: unknown;
}

/** GET /api/config/getuserstartupconfig. */
export interface StartupConfig {
  readonly clientAccount: ClientAccountInfo | null;
  readonly clientLogisticsConfig: unknown;
  readonly wmsDocumentActions: unknown;
  readonly wmsOrderActions: unknown;
  readonly wmsDocumentDefinitions: unknown;
  readonly wmsOrderDefinitions: unknown;
  readonly user: SessionUser | null;
  readonly drawerSections: readonly MenuSection[];
}

export type StartupStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface StartupState {
  /** Last configuration received; kept offline. */
  config: StartupConfig | null;
  /** Not persisted: state of the fetch in this page load. */
  status: StartupStatus;
  setConfig: (config: StartupConfig) => void;
  setStatus: (status: StartupStatus) => void;
  clear: () => void;
}

export const useStartupStore = create<StartupState>()(
  persist(
    (set) => ({
      config: null,
      status: 'idle',
      setConfig: (config) => set({ config, status: 'ready' }),
      setStatus: (status) => set({ status }),
      clear: () => set({ config: null, status: 'idle' }),
    }),
    {
      name: 'aisle-startup',
      storage: aisleStorage,
      version: 1,
      partialize: ({ config }) => ({ config }),
    },
  ),
);
