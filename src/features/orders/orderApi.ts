import type { Page } from '../../../domain/resources/query';
import { api } from '../../api/http';
import type { DocumentRow, PositionInput } from '../documents/documentApi';
import { asPage, pageQuery, toNumber } from '../documents/values';

/** A warehouse order (domain/resources/definitions/wmsOrder.ts). */
export interface OrderRow {
  readonly id: string;
  readonly version?: number;
  readonly orderNumber: string | null;
  readonly typeCode: string;
  readonly statusCode: string;
  readonly verificationStatus?: string | null;
  readonly contractorId: string | null;
  readonly assignedUserId: string | null;
  readonly priority: string | null;
  readonly sourceType?: string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly verifyProductId?: string | null;
  readonly verifyLocationId?: string | null;
  readonly plannedDate: string | null;
  readonly deliveryDate: string | null;
  readonly comment: string | null;
  readonly closedManuallyReason: string | null;
  readonly approvedById?: string | null;
  readonly approvedAt?: string | null;
  readonly realisationStarted?: boolean | null;
  readonly positionsCount?: number | null;
  readonly positionsDone?: number | null;
  readonly [key: string]: unknown;
}

export interface OrderPositionRow {
  readonly id: string;
  readonly orderId?: string;
  readonly lineNo?: number | null;
  readonly productId: string;
  readonly quantity: number | string;
  readonly quantityReal: number | string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly comment: string | null;
  readonly [key: string]: unknown;
}

export interface OrderWithPositions extends OrderRow {
  readonly positions?: OrderPositionRow[];
  /** Documents a save or GenerateDocuments made. */
  readonly documents?: DocumentRow[];
}

export interface OrderInput {
  readonly typeCode: string;
  readonly contractorId: string | null;
  readonly assignedUserId: string | null;
  readonly priority: string;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly verifyProductId?: string | null;
  readonly verifyLocationId?: string | null;
  readonly plannedDate: string | null;
  readonly deliveryDate: string | null;
  readonly comment: string | null;
  readonly positions?: PositionInput[];
  readonly saveAs?: 'workingCopy' | 'production';
  readonly generateDocuments?: boolean;
  readonly version?: number;
}

/** Progress of one order line, whatever the exact shape of the progress routes. */
export interface LineProgress {
  readonly positionId: string;
  readonly lineNo: number | null;
  readonly productId: string;
  readonly ordered: number;
  /** Recorded (terminal) or counted quantity; null = nothing yet. */
  readonly recorded: number | null;
  readonly realised: number;
  readonly confirmed: number | null;
  readonly remaining: number | null;
  readonly done: boolean;
  /** The rest of the row (locations, bins, expected stock of a count…). */
  readonly row: Readonly<Record<string, unknown>>;
}

const num = (v: unknown): number | null => toNumber(v);
const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/** One row of Move/{id}/PositionsProgress or Verify/{id}/PositionsProgress (a position, its progress, or both). */
export const lineProgressOf = (raw: unknown): LineProgress => {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const nested = (typeof r.position === 'object' && r.position !== null ? r.position : {}) as Record<
    string,
    unknown
  >;
  const row = { ...nested, ...r };
  const ordered = num(row.ordered) ?? num(row.expected) ?? num(row.quantity) ?? 0;
  const recorded = num(row.recorded) ?? num(row.counted) ?? num(row.quantityReal);
  const realised = num(row.realised) ?? recorded ?? 0;
  return {
    positionId: str(row.positionId ?? row.id),
    lineNo: num(row.lineNo),
    productId: str(row.productId),
    ordered,
    recorded,
    realised,
    confirmed: num(row.confirmed),
    remaining: num(row.remaining),
    done: typeof row.done === 'boolean' ? row.done : realised >= ordered && ordered > 0,
    row,
  };
};

const base = '/api/WmsOrder';
const at = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const orderApi = {
  get: (id: string) => api.get<OrderRow>(at(id)),
  positions: async (id: string): Promise<OrderPositionRow[]> =>
    asPage<OrderPositionRow>(
      await api.get(`${at(id)}/Positions`, pageQuery(1, 1000, [], { column: 'lineNo' })),
    ).results,
  create: (input: OrderInput) => api.post<OrderWithPositions>(base, input),
  update: (id: string, input: OrderInput) => api.put<OrderWithPositions>(at(id), input),
  remove: (id: string) => api.delete(at(id)),
  changeStatus: (id: string, statusCode: string, closedManuallyReason?: string) =>
    api.post<OrderWithPositions>(`${at(id)}/status`, { statusCode, closedManuallyReason }),
  cloneToType: (id: string, typeCode: string) =>
    api.get<OrderWithPositions>(`${at(id)}/clonetotype/${encodeURIComponent(typeCode)}`),
  generateDocuments: (id: string) => api.get<OrderWithPositions>(`${at(id)}/GenerateDocuments`),
  /** The generic order list (production orders have no progress route of their own). */
  list: async (query: Record<string, string>): Promise<Page<OrderRow>> =>
    asPage<OrderRow>(await api.get(base, query)),
  moveProgress: async (query: Record<string, string>): Promise<Page<OrderRow>> =>
    asPage<OrderRow>(await api.get(`${base}/Move/Progress`, query)),
  verifyProgress: async (query: Record<string, string>): Promise<Page<OrderRow>> =>
    asPage<OrderRow>(await api.get(`${base}/Verify/Progress`, query)),
  sellOffers: async (query: Record<string, string>): Promise<Page<OrderRow>> =>
    asPage<OrderRow>(await api.get(`${base}/Offers/Sell`, query)),
  movePositionsProgress: async (id: string): Promise<LineProgress[]> =>
    asPage<unknown>(await api.get(`${base}/Move/${encodeURIComponent(id)}/PositionsProgress`)).results.map(
      lineProgressOf,
    ),
  verifyPositionsProgress: async (id: string): Promise<LineProgress[]> =>
    asPage<unknown>(await api.get(`${base}/Verify/${encodeURIComponent(id)}/PositionsProgress`)).results.map(
      lineProgressOf,
    ),
  recordQuantity: (positionId: string, quantityReal: number) =>
    api.patch(`/api/WmsOrderPosition/${encodeURIComponent(positionId)}/QuantityReal`, undefined, {
      query: { quantityReal },
    }),
  finishVerification: (id: string, generateDocuments: boolean) =>
    api.post<OrderWithPositions>(`${at(id)}/verify/finish`, { generateDocuments }),
  approveVerification: (id: string) => api.post<OrderWithPositions>(`${at(id)}/verify/approve`),
};
