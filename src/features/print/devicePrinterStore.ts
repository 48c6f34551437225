import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { aisleStorage } from '../../state/storage';

export interface DevicePrinter {
  readonly id: string;
  readonly name: string;
}

interface DevicePrinterState {
  /** The label printer this device prints to (a setting of the device, not of the user). */
  printer: DevicePrinter | null;
  setPrinter: (printer: DevicePrinter | null) => void;
}

/** The printer assigned to this device, kept in the device's storage. */
export const useDevicePrinterStore = create<DevicePrinterState>()(
  persist(
    (set) => ({
      printer: null,
      setPrinter: (printer) => set({ printer }),
    }),
    { name: 'aisle-device-printer', storage: aisleStorage },
  ),
);
