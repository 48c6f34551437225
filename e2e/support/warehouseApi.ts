import { type APIRequestContext, expect } from '@playwright/test';
/** A document holding one product, with that product's lines. */
export interface ProductDocument {
  readonly id: string;
  readonly typeCode: string;
  readonly statusCode: string;
  readonly documentNumber: string;
  readonly offlineNumber: string | null;
  readonly orderId: string | null;
  readonly createdAt: string;
  readonly lines: readonly {
    readonly quantity: number;
    readonly serialNumber: string | null;
    readonly expDate: string | null;
  }[];
}

/** A record as the API returns it. */
export type ApiRow = Record<string, unknown> & { readonly id: string };

interface ListPage {
  readonly results: ApiRow[];
  readonly allFilteredRowCount: number;
}

/**
 * The server's API with a user's bearer token: the test's own data is made here (as the manager) and the
 * outcome of the terminal's work read back.
 */
export class WarehouseApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    readonly userId: string,
  ) {}

  static async signIn(
    request: APIRequestContext,
    username: string,
    password = 'demo1234',
  ): Promise<WarehouseApi> {
    const response = await request.post('/api/Auth', { data: { username, password } });
    expect(response.status(), `sign in as ${username}`).toBe(200);
    const body = (await response.json()) as { token: string; claims: { sub: string } };
    return new WarehouseApi(request, body.token, body.claims.sub);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  async post(path: string, data: unknown): Promise<ApiRow> {
    const response = await this.request.post(path, { data, headers: this.headers });
    expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as ApiRow;
  }

  async get<T>(path: string, params?: Record<string, string>): Promise<T> {
    const response = await this.request.get(path, { headers: this.headers, ...(params ? { params } : {}) });
    expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A list filtered by equality (`field = value` for each entry), up to 100 rows. */
  async list(path: string, equals: Record<string, string>): Promise<ApiRow[]> {
    const filters = Object.entries(equals).map(([field, value]) => ({ field, operator: 'eq', value }));
    const page = await this.get<ListPage>(path, {
      PageNumber: '1',
      PageSize: '100',
      BasicFiltersSerialized: JSON.stringify(filters),
    });
    return page.results;
  }

  /** Changes part of the account's logistics configuration (shared by every test: put back what you change). */
  async changeLogisticsConfig(patch: Record<string, unknown>): Promise<void> {
    const current = await this.get<Record<string, unknown>>('/api/ClientLogisticsConfig');
    const response = await this.request.put('/api/ClientLogisticsConfig', {
      data: { ...current, ...patch },
      headers: this.headers,
    });
    expect(response.status(), `PUT /api/ClientLogisticsConfig: ${await response.text()}`).toBe(200);
  }

  createLocation(label: string): Promise<ApiRow> {
    return this.post('/api/StorageSpace', { label });
  }

  createProduct(fields: Record<string, unknown> & { index: string; name: string }): Promise<ApiRow> {
    return this.post('/api/Product', fields);
  }

  /** Stock made the ordinary way: a confirmed direct receipt (DIN). */
  receive(locationId: string, productId: string, quantity: number): Promise<ApiRow> {
    return this.post('/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: locationId,
      positions: [{ productId, quantity }],
      confirm: true,
    });
  }

  /** A release order (OOU) handed to the floor, taking from `locationId`. */
  createReleaseOrder(input: {
    locationId: string;
    productId: string;
    quantity: number;
    assignedUserId: string;
  }): Promise<ApiRow> {
    return this.post('/api/WmsOrder', {
      typeCode: 'OOU',
      saveAs: 'production',
      assignedUserId: input.assignedUserId,
      sourceLocationId: input.locationId,
      positions: [{ productId: input.productId, quantity: input.quantity }],
    });
  }

  /** Quantity on hand per location label of one product (rows at 0 left out). */
  async stockOf(productId: string): Promise<Record<string, number>> {
    const rows = await this.list('/api/WmsInventory/inventory', { productId });
    const out: Record<string, number> = {};
    for (const row of rows) {
      const quantity = Number(row.quantity);
      if (quantity !== 0) out[String(row.locationLabel)] = (out[String(row.locationLabel)] ?? 0) + quantity;
    }
    return out;
  }

  /**
   * Every document holding `productId`, with that product's lines (`quantity`, and the batch: serial number,
   * expiry), oldest first.
   */
  async documentsOf(productId: string): Promise<ProductDocument[]> {
    const lines = await this.list('/api/WmsDocumentPosition', { productId });
    const ids = [...new Set(lines.map((l) => String(l.documentId)))];
    const documents = await Promise.all(ids.map((id) => this.get<ApiRow>(`/api/WmsDocument/${id}`)));
    return documents
      .map((d) => ({
        id: d.id,
        typeCode: String(d.typeCode),
        statusCode: String(d.statusCode),
        documentNumber: String(d.documentNumber ?? ''),
        offlineNumber: d.offlineNumber ? String(d.offlineNumber) : null,
        orderId: d.orderId ? String(d.orderId) : null,
        createdAt: String(d.createdAt),
        lines: lines
          .filter((l) => l.documentId === d.id)
          .map((l) => ({
            quantity: Number(l.quantity),
            serialNumber: l.serialNumber ? String(l.serialNumber) : null,
            expDate: l.expDate ? String(l.expDate).slice(0, 10) : null,
          })),
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
}
