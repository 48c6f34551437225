import type { Page } from '../../../domain/resources/query';
import { api } from '../../api/http';
import {
  type DocumentRow,
  fetchAll,
  type HeaderFields,
  type PositionInput,
  type PositionRow,
  recordPath,
} from '../documents/documentApi';
import { asPage, toNumber } from '../documents/values';

/** A warehouse order (domain/resources/definitions/wmsOrder.ts). */
export interface OrderRow extends HeaderFields {
  readonly id: string;
  readonly version?: number;
  readonly orderNumber: string | null;
  readonly statusCode: string;
  readonly verificationStatus?: string | null;
  readonly assignedUserId: string | null;
  readonly priority: string | null;
  readonly sourceType?: string | null;
  readonly verifyProductId?: string | null;
  readonly verifyLocationId?: string | null;
  readonly deliveryDate: string | null;
  readonly closedManuallyReason: string | null;
  readonly approvedById?: string | null;
  readonly approvedAt?: string | null;
  readonly realisationStarted?: boolean | null;
  readonly positionsCount?: number | null;
  readonly positionsDone?: number | null;
  readonly [key: string]: unknown;
}

export interface OrderPositionRow extends PositionRow {
  readonly orderId?: string;
}

export interface OrderWithPositions extends OrderRow {
  readonly positions?: OrderPositionRow[];
  /** Documents a save or GenerateDocuments made. */
  readonly documents?: DocumentRow[];
}

export interface OrderInput extends HeaderFields {
  readonly assignedUserId: string | null;
  readonly priority: string;
  readonly verifyProductId?: string | null;
  readonly verifyLocationId?: string | null;
  readonly deliveryDate: string | null;
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
const at = (id: string) => recordPath(base, id);

/** A paged order list route, called with the generic list query (paging, sort, filters). */
const listAt =
  (path: string) =>
  async (query: Record<string, string>): Promise<Page<OrderRow>> =>
    asPage<OrderRow>(await api.get(path, query));

/** The progress of an order's lines (Move/… or Verify/…/PositionsProgress). */
const linesAt = async (path: string): Promise<LineProgress[]> =>
  asPage<unknown>(await api.get(path)).results.map(lineProgressOf);

export const orderApi = {
  get: (id: string) => api.get<OrderRow>(at(id)),
  positions: (id: string): Promise<OrderPositionRow[]> =>
    fetchAll<OrderPositionRow>(`${at(id)}/Positions`, 'lineNo'),
  create: (input: OrderInput) => api.post<OrderWithPositions>(base, input),
  update: (id: string, input: OrderInput) => api.put<OrderWithPositions>(at(id), input),
  remove: (id: string) => api.delete(at(id)),
  changeStatus: (id: string, statusCode: string, closedManuallyReason?: string) =>
    api.post<OrderWithPositions>(`${at(id)}/status`, { statusCode, closedManuallyReason }),
  cloneToType: (id: string, typeCode: string) =>
    api.get<OrderWithPositions>(`${at(id)}/clonetotype/${encodeURIComponent(typeCode)}`),
  generateDocuments: (id: string) => api.get<OrderWithPositions>(`${at(id)}/GenerateDocuments`),
  /** The generic order list (production orders have no progress route of their own). */
  list: listAt(base),
  moveProgress: listAt(`${base}/Move/Progress`),
  verifyProgress: listAt(`${base}/Verify/Progress`),
  sellOffers: listAt(`${base}/Offers/Sell`),
  movePositionsProgress: (id: string) => linesAt(`${base}/Move/${encodeURIComponent(id)}/PositionsProgress`),
  verifyPositionsProgress: (id: string) =>
    linesAt(`${base}/Verify/${encodeURIComponent(id)}/PositionsProgress`),
  recordQuantity: (positionId: string, quantityReal: number) =>
    api.patch(`/api/WmsOrderPosition/${encodeURIComponent(positionId)}/QuantityReal`, undefined, {
      query: { quantityReal },
    }),
  finishVerification: (id: string, generateDocuments: boolean) =>
    api.post<OrderWithPositions>(`${at(id)}/verify/finish`, { generateDocuments }),
  approveVerification: (id: string) => api.post<OrderWithPositions>(`${at(id)}/verify/approve`),
};
