import { create } from 'zustand';

interface NetworkState {
  /** A call failed without any response: the shell shows the offline notice. */
  offlineNotice: boolean;
  showOfflineNotice: () => void;
  hideOfflineNotice: () => void;
}

export const useNetworkStore = create<NetworkState>()((set) => ({
  offlineNotice: false,
  showOfflineNotice: () => set({ offlineNotice: true }),
  hideOfflineNotice: () => set({ offlineNotice: false }),
}));
