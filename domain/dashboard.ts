/** A device of the terminal fleet as the dashboard lists it. */
export interface FleetDevice {
  readonly deviceId: string;
  /** Who used it last. */
  readonly userName: string;
  /** The last time it pushed work or reported itself (ISO). */
  readonly lastSeenAt: string | null;
  /** The end of its last complete sync (ISO); null when it never reported one. */
  readonly lastSyncAt: string | null;
  /** Work waiting on the device; null when it never reported. */
  readonly pending: number | null;
  /** Refusals its user has not dealt with; null when it never reported. */
  readonly rejected: number | null;
  /** How old its data is (now − lastSyncAt, ms). */
  readonly replicaAgeMs: number | null;
}

/** GET /api/Dashboard: the supervisor's figures of the company (docs/api.md, "Dashboard"). */
export interface DashboardFigures {
  readonly ordersByStatus: readonly { readonly statusCode: string; readonly count: number }[];
  /** Documents confirmed since the start of the caller's day. */
  readonly today: { readonly receipts: number; readonly releases: number };
  readonly lowStock: {
    readonly warning: number;
    readonly critical: number;
    readonly items: readonly {
      readonly productId: string;
      readonly index: string;
      readonly name: string;
      readonly available: number;
      readonly warningStock: number | null;
      readonly criticalStock: number | null;
      readonly level: 'warning' | 'critical';
    }[];
  };
  /** Stock expiring within its product's minimal expiry days (or expired). */
  readonly expiring: {
    readonly count: number;
    readonly items: readonly {
      readonly productId: string;
      readonly index: string;
      readonly name: string;
      readonly locationLabel: string;
      readonly expDate: string;
      readonly quantity: number;
    }[];
  };
  readonly workingCopies: {
    readonly count: number;
    readonly oldest: readonly {
      readonly id: string;
      readonly number: string;
      readonly typeCode: string;
      readonly updatedAt: string;
    }[];
  };
  readonly fleet: readonly FleetDevice[];
}

/** POST /api/TerminalStatus: what a terminal reports about itself after its sync rounds. */
export interface TerminalStatusReport {
  readonly deviceId: string;
  readonly pending: number;
  readonly rejected: number;
  /** End of its last complete pull (ms since the epoch), null before the first. */
  readonly lastSyncAt: number | null;
}

/** The resource type of the live connection's event when a terminal reported (the dashboard refreshes). */
export const terminalStatusEvent = 'terminalStatus';
