import { statusOf } from '../../../domain/errors';
import { type HttpCall, type IntentKind, matchIntentCall } from '../../../domain/sync/intents';
import type { SyncChange, SyncEntity } from '../../../domain/sync/wire';
import { documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { issue, type WarehouseIssue } from '../../../domain/warehouse/issues';
import { type LogisticsConfig, logisticsConfigSchema } from '../../../domain/warehouse/logisticsConfig';
import { compareQuantities, roundQuantity } from '../../../domain/warehouse/quantity';
import { refusalOf } from '../../../domain/warehouse/refusal';
import { resolvePosition } from '../../../domain/warehouse/resolveDocument';
import {
  documentDraftOf,
  locationRulesOf,
  positionDraftOf,
  productRulesOf,
} from '../../../domain/warehouse/ruleInputs';
import {
  applyMovements,
  available,
  movementsOf,
  parseStockKey,
  reservationsOf,
  sourceKeyOf,
  stockKeyString,
} from '../../../domain/warehouse/stock';
import { validateDocument } from '../../../domain/warehouse/validateDocument';
import type {
  DocumentDraft,
  LocationRules,
  PositionDraft,
  ProductRules,
  ValidationContext,
} from '../../../domain/warehouse/validationInput';
import type { TransportRequest, TransportResponse } from '../../../sync/ports';

/**
 * An in-memory server implementing docs/sync-contract.md for the engine's tests: the spec calls the intents
 * make, exactly-once by Idempotency-Key (stored outcome replayed), the per-device mutation watermark, the
 * change feed with tombstones and scope, 406 on reused provisional numbers, 401 on an expired token, and
 * stock that can never go negative (domain applyMovements). Everything commits atomically per request.
 */

type Row = Record<string, unknown> & { id: string };

/** A handler's answer: the status and the body its call gets. */
interface Answer {
  readonly status: number;
  readonly body: unknown;
}

interface StockCell {
  id: string;
  quantity: number;
  reserved: number;
}

interface StoredOutcome {
  readonly status: number;
  readonly body: unknown;
  readonly deviceId: string;
  readonly mutationId: number;
  readonly seq: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { code: string; message: string; issues?: WarehouseIssue[] },
    /** Stored for replay (final refusals), or not (406, 401…). */
    readonly final = true,
  ) {
    super(body.code);
  }
}

const refuse = (status: number, code: string, issues?: WarehouseIssue[], final = true): Refusal =>
  new Refusal(status, { code, message: code, ...(issues ? { issues } : {}) }, final);

export interface SimOptions {
  readonly config?: Partial<LogisticsConfig>;
  readonly today?: string;
}

export class SimServer {
  readonly products = new Map<string, Row>();
  readonly locations = new Map<string, Row>();
  readonly stock = new Map<string, StockCell>();
  readonly documents = new Map<string, Row>();
  readonly lines = new Map<string, Row>();
  config: LogisticsConfig;
  readonly today: string;
  /** Provisional numbers already used (documents' offlineNumber). */
  readonly offlineNumbers = new Set<string>();
  /** Stored outcomes by Idempotency-Key. */
  readonly outcomes = new Map<string, StoredOutcome>();
  /** How many times each key's handler committed a change (must be ≤ 1). */
  readonly applied = new Map<string, number>();
  /** Valid token per user. */
  readonly tokens = new Map<string, string>();
  private tokenSeq = 0;
  private seq = 0;
  private counter = 0;
  private idSeq = 0;
  /** Last change per (entity, id): its seq. */
  private readonly log = new Map<string, { entity: SyncEntity; id: string; seq: number }>();
  /** Fails the invariant check when stock ever goes negative. */
  negativeSeen = false;

  constructor(options: SimOptions = {}) {
    this.config = logisticsConfigSchema.parse(options.config ?? {});
    this.today = options.today ?? '2026-03-15';
  }

  private touch(entity: SyncEntity, id: string): void {
    this.seq++;
    this.log.set(`${entity}|${id}`, { entity, id, seq: this.seq });
  }

  newId(prefix: string): string {
    this.idSeq++;
    return `${prefix}-${String(this.idSeq).padStart(6, '0')}`;
  }

  // --- seeding ---

  addProduct(row: Row): void {
    this.products.set(row.id, row);
    this.touch('product', row.id);
  }

  addLocation(row: Row): void {
    this.locations.set(row.id, row);
    this.touch('storageSpace', row.id);
  }

  addStock(productId: string, locationId: string, quantity: number): void {
    const key = stockKeyString({
      productId,
      locationId,
      container: null,
      serialNumber: null,
      prodDate: null,
      expDate: null,
    });
    const cell = { id: this.newId('stock'), quantity, reserved: 0 };
    this.stock.set(key, cell);
    this.touch('stock', cell.id);
  }

  publishConfig(): void {
    this.touch('logisticsConfig', 'account');
  }

  /** A manager saves the logistics configuration: the feed brings the new one. */
  changeConfig(patch: Partial<LogisticsConfig>): void {
    this.config = logisticsConfigSchema.parse({ ...this.config, ...patch });
    this.publishConfig();
  }

  /** Marks a provisional number as used by another document (a collision waiting to happen). */
  takeNumber(number: string): void {
    this.offlineNumbers.add(number);
  }

  // --- auth ---

  signIn(userId: string): string {
    this.tokenSeq++;
    const token = `t${this.tokenSeq}`;
    this.tokens.set(userId, token);
    return token;
  }

  expire(userId: string): void {
    this.tokens.set(userId, '');
  }

  // --- rules ---

  private productRules(id: string): ProductRules | undefined {
    const p = this.products.get(id);
    return p ? productRulesOf(p) : undefined;
  }

  private locationRules(id: string): LocationRules | undefined {
    const l = this.locations.get(id);
    return l ? locationRulesOf(l, undefined) : undefined;
  }

  private reservedBy(doc: Row): Map<string, number> {
    if (!this.config.workingCopiesCountInStock || doc.statusCode !== 'workingCopy') return new Map();
    return reservationsOf(documentDraftOf(doc), this.linesOf(doc.id).map(positionDraftOf));
  }

  private context(
    doc: DocumentDraft,
    positions: readonly PositionDraft[],
    own: Map<string, number>,
    availability: boolean,
  ): ValidationContext {
    const type = documentTypeOf(doc.typeCode);
    const products = new Map<string, ProductRules>();
    const locations = new Map<string, LocationRules>();
    const noLookups = { products: new Map(), locations: new Map() };
    const resolved = positions.map((p, i) => resolvePosition(doc, type, p, i, noLookups));
    for (const p of positions) {
      const r = this.productRules(p.productId);
      if (r) products.set(p.productId, r);
    }
    const ids = [doc.sourceLocationId, doc.destinationLocationId];
    for (const p of resolved) ids.push(p.sourceLocationId, p.destinationLocationId);
    for (const id of ids) {
      const r = id ? this.locationRules(id) : undefined;
      if (r && id) locations.set(id, r);
    }
    const availableMap = new Map<string, number>();
    for (const p of resolved) {
      const key = sourceKeyOf(p);
      if (!key) continue;
      const k = stockKeyString(key);
      const cell = this.stock.get(k);
      availableMap.set(
        k,
        cell ? available(cell.quantity, Math.max(0, cell.reserved - (own.get(k) ?? 0))) : 0,
      );
    }
    return {
      today: this.today,
      products,
      locations,
      containerLocations: new Map(),
      ...(availability ? { available: availableMap } : {}),
      rules: this.config.rules,
    };
  }

  private check(doc: Row, availability: boolean, lines = this.linesOf(doc.id)): void {
    const draft = documentDraftOf(doc);
    const positions = lines.map(positionDraftOf);
    const issues = validateDocument(
      draft,
      positions,
      this.context(draft, positions, this.reservedBy(doc), availability),
    );
    if (issues.length) {
      const refusal = refusalOf(issues);
      throw refuse(statusOf(refusal.code), refusal.code, issues);
    }
  }

  linesOf(documentId: string): Row[] {
    return [...this.lines.values()]
      .filter((l) => l.documentId === documentId)
      .sort((a, b) => Number(a.lineNo) - Number(b.lineNo));
  }

  /** Applies reservation deltas (reserving working copies); refuses when a key has too little. */
  private rereserve(before: Map<string, number>, after: Map<string, number>): void {
    const keys = new Set([...before.keys(), ...after.keys()]);
    for (const k of keys) {
      const delta = roundQuantity((after.get(k) ?? 0) - (before.get(k) ?? 0));
      if (delta === 0) continue;
      const cell = this.stock.get(k);
      if (delta > 0 && (!cell || compareQuantities(cell.quantity - cell.reserved, delta) < 0))
        throw refuse(409, 'stockShortfall', [issue('quantityExceedsAvailable', { field: 'quantity' })]);
      if (!cell) continue;
      cell.reserved = roundQuantity(cell.reserved + delta);
      this.touch('stock', cell.id);
    }
  }

  private editLines(documentId: string, edit: () => void): void {
    const doc = this.documents.get(documentId);
    if (!doc) throw refuse(404, 'notFoundOrNoPermission');
    if (doc.statusCode !== 'workingCopy')
      throw refuse(409, 'statusForbidsChange', [issue('notWorkingCopy', { field: 'statusCode' })]);
    const before = this.reservedBy(doc);
    edit();
    this.check(doc, this.config.workingCopiesCountInStock);
    this.rereserve(before, this.reservedBy(doc));
  }

  // --- handlers (each runs on a copy of the state that is committed only on success) ---

  /**
   * The handlers of the intents this server takes, by kind: a call is matched to its kind by the same registry the
   * real server's push goes by (domain/sync/intents.ts); a kind without a handler here is not found.
   */
  private readonly handlers: {
    readonly [K in IntentKind]?: (params: Readonly<Record<string, string>>, body: Row) => Answer;
  } = {
    'document.create': (_params, b) => {
      if (this.documents.has(b.id)) throw refuse(409, 'uniqueConflict');
      const number = String(b.documentNumber ?? '');
      if (number && this.offlineNumbers.has(number)) throw refuse(406, 'numberCollision', undefined, false);
      if (!documentTypeOf(String(b.typeCode))) throw refuse(400, 'documentTypeMissing');
      this.counter++;
      const doc: Row = {
        id: b.id,
        typeCode: b.typeCode,
        statusCode: 'workingCopy',
        documentNumber: `${String(b.typeCode)}/2026/${String(this.counter).padStart(6, '0')}`,
        offlineNumber: number || null,
        orderId: b.orderId ?? null,
        contractorId: b.contractorId ?? null,
        sourceLocationId: b.sourceLocationId ?? null,
        destinationLocationId: b.destinationLocationId ?? null,
        sourceContainer: null,
        destinationContainer: null,
      };
      this.check(doc, false, []);
      if (number) this.offlineNumbers.add(number);
      this.documents.set(doc.id, doc);
      this.touch('wmsDocument', doc.id);
      return { status: 201, body: { ...doc, positions: [] } };
    },
    'line.add': (_params, b) => {
      const documentId = String(b.documentId);
      if (this.lines.has(b.id)) throw refuse(409, 'uniqueConflict');
      let line: Row = b;
      this.editLines(documentId, () => {
        line = { ...b, lineNo: this.linesOf(documentId).length + 1 };
        this.lines.set(line.id, line);
      });
      this.touch('wmsDocumentPosition', line.id);
      return { status: 201, body: line };
    },
    'line.update': (params, b) => this.changeLine(params.id ?? '', b),
    'line.remove': (params) => this.changeLine(params.id ?? '', undefined),
    'document.confirm': (params) => this.confirm(params.id ?? ''),
    'document.delete': (params) => {
      const doc = this.documents.get(params.id ?? '');
      if (!doc) throw refuse(404, 'notFoundOrNoPermission');
      if (doc.statusCode !== 'workingCopy') throw refuse(409, 'statusForbidsDelete');
      this.rereserve(this.reservedBy(doc), new Map());
      for (const l of this.linesOf(doc.id)) {
        this.lines.delete(l.id);
        this.touch('wmsDocumentPosition', l.id);
      }
      this.documents.delete(doc.id);
      this.touch('wmsDocument', doc.id);
      return { status: 204, body: undefined };
    },
  };

  /** A line changed (`body`) or removed (no body). */
  private changeLine(id: string, b: Row | undefined): Answer {
    const existing = this.lines.get(id);
    if (!existing) throw refuse(404, 'notFoundOrNoPermission');
    this.editLines(String(existing.documentId), () => {
      if (b) this.lines.set(id, { ...existing, ...b, id, lineNo: existing.lineNo });
      else this.lines.delete(id);
    });
    this.touch('wmsDocumentPosition', id);
    return b ? { status: 200, body: this.lines.get(id) } : { status: 204, body: undefined };
  }

  private confirm(id: string): Answer {
    const doc = this.documents.get(id);
    if (!doc) throw refuse(404, 'notFoundOrNoPermission');
    if (doc.statusCode !== 'workingCopy')
      throw refuse(409, 'statusForbidsChange', [issue('notWorkingCopy', { field: 'statusCode' })]);
    this.check(doc, true);
    const lines = this.linesOf(doc.id);
    const freed = this.reservedBy(doc);
    const movements = movementsOf(documentDraftOf(doc), lines.map(positionDraftOf));
    // The conditional update: on hand − reserved + what this document frees must cover what it takes.
    const free = new Map<string, number>();
    for (const [k, cell] of this.stock)
      free.set(k, roundQuantity(cell.quantity - cell.reserved + (freed.get(k) ?? 0)));
    const applied = applyMovements(free, movements);
    if (!applied.ok)
      throw refuse(409, 'stockShortfall', [
        issue('quantityExceedsAvailable', {
          positionIndex: applied.shortfall.positionIndex,
          field: 'quantity',
        }),
      ]);
    for (const [k, q] of freed) {
      const cell = this.stock.get(k);
      if (cell) cell.reserved = roundQuantity(cell.reserved - q);
    }
    for (const mv of movements) {
      const cell = this.stock.get(mv.keyString) ?? { id: this.newId('stock'), quantity: 0, reserved: 0 };
      cell.quantity = roundQuantity(cell.quantity + mv.quantity);
      this.stock.set(mv.keyString, cell);
    }
    for (const k of new Set([...movements.map((mv) => mv.keyString), ...freed.keys()])) {
      const cell = this.stock.get(k);
      if (!cell) continue;
      if (cell.quantity < 0 || cell.reserved < 0) this.negativeSeen = true;
      this.touch('stock', cell.id);
      if (cell.quantity === 0 && cell.reserved === 0) this.stock.delete(k);
    }
    doc.statusCode = 'confirmed';
    this.touch('wmsDocument', doc.id);
    for (const l of lines) this.touch('wmsDocumentPosition', l.id);
    return { status: 200, body: { ...doc, positions: lines } };
  }

  private handle(method: HttpCall['method'], path: string, body: unknown): Answer {
    const matched = matchIntentCall(method, path);
    const handler = matched ? this.handlers[matched.kind] : undefined;
    if (!matched || !handler) throw refuse(404, 'notFoundOrNoPermission');
    return handler(matched.params, (body ?? {}) as Row);
  }

  private snapshot() {
    return {
      stock: new Map([...this.stock].map(([k, v]) => [k, { ...v }])),
      documents: new Map([...this.documents].map(([k, v]) => [k, { ...v }])),
      lines: new Map(this.lines),
      offlineNumbers: new Set(this.offlineNumbers),
      log: new Map(this.log),
      seq: this.seq,
      counter: this.counter,
      idSeq: this.idSeq,
    };
  }

  private restore(s: ReturnType<SimServer['snapshot']>): void {
    const put = <K, V>(target: Map<K, V>, from: Map<K, V>) => {
      target.clear();
      for (const [k, v] of from) target.set(k, v);
    };
    put(this.stock, s.stock);
    put(this.documents, s.documents);
    put(this.lines, s.lines);
    put(this.log, s.log);
    this.offlineNumbers.clear();
    for (const n of s.offlineNumbers) this.offlineNumbers.add(n);
    this.seq = s.seq;
    this.counter = s.counter;
    this.idSeq = s.idSeq;
  }

  /** One HTTP request as the engine sends it. `userId`'s token must be `token`. */
  request(request: TransportRequest, userId: string, token: string): TransportResponse {
    if (!token || this.tokens.get(userId) !== token)
      return { status: 401, body: { code: 'unauthorized', message: 'unauthorized' } };
    if (request.method === 'GET' && request.path === '/api/sync/changes') return this.changes(request);
    const key = request.headers['idempotency-key'];
    const deviceId = request.headers['x-device-id'] ?? '';
    const mutationId = Number(request.headers['x-mutation-id'] ?? 0);
    if (key) {
      const stored = this.outcomes.get(key);
      if (stored) return { status: stored.status, body: stored.body, replayed: true };
    }
    const before = this.snapshot();
    try {
      const out = this.handle(request.method, request.path, request.body);
      if (key) {
        this.seq++;
        this.outcomes.set(key, { ...out, deviceId, mutationId, seq: this.seq });
        this.applied.set(key, (this.applied.get(key) ?? 0) + 1);
      }
      return out;
    } catch (error) {
      this.restore(before);
      if (!(error instanceof Refusal)) throw error;
      if (key && error.final) {
        this.seq++;
        this.outcomes.set(key, {
          status: error.status,
          body: error.body,
          deviceId,
          mutationId,
          seq: this.seq,
        });
      }
      return { status: error.status, body: error.body };
    }
  }

  /** The feed: every record changed after the cursor, in its current state or as a tombstone when out of scope. */
  private changes(request: TransportRequest): TransportResponse {
    const since = Number(request.query?.since ?? 0);
    const limit = Number(request.query?.limit ?? 1000);
    const deviceId = request.headers['x-device-id'] ?? '';
    const rows = [...this.log.values()].filter((r) => r.seq > since).sort((a, b) => a.seq - b.seq);
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const watermark = hasMore ? (page[page.length - 1]?.seq ?? since) : this.seq;
    let lastMutationId = 0;
    for (const o of this.outcomes.values())
      if (o.deviceId === deviceId && o.seq <= watermark)
        lastMutationId = Math.max(lastMutationId, o.mutationId);
    const changes: SyncChange[] = page.map((r) => {
      const data = this.current(r.entity, r.id);
      return data
        ? { op: 'upsert', entity: r.entity, id: r.id, data }
        : { op: 'delete', entity: r.entity, id: r.id };
    });
    return {
      status: 200,
      body: {
        version: 1,
        changes,
        cursor: String(watermark),
        hasMore,
        remaining: hasMore ? rows.length - limit : 0,
        lastMutationId,
        serverTime: `${this.today}T12:00:00.000Z`,
      },
    };
  }

  /** A record as the feed shows it, or null when gone or out of scope (confirmed documents and their lines). */
  current(entity: SyncEntity, id: string): Record<string, unknown> | null {
    switch (entity) {
      case 'product':
        return this.products.get(id) ?? null;
      case 'storageSpace':
        return this.locations.get(id) ?? null;
      case 'logisticsConfig':
        return { ...this.config, id };
      case 'stock': {
        for (const [k, cell] of this.stock) {
          if (cell.id !== id) continue;
          const key = parseStockKey(k);
          return {
            id,
            ...key,
            container: key.container ?? '',
            serialNumber: key.serialNumber ?? '',
            quantity: cell.quantity,
            reserved: cell.reserved,
            contractorId: null,
            firstReceiptAt: null,
            updatedAt: null,
          };
        }
        return null;
      }
      case 'wmsDocument': {
        const doc = this.documents.get(id);
        return doc && doc.statusCode === 'workingCopy' ? doc : null;
      }
      case 'wmsDocumentPosition': {
        const line = this.lines.get(id);
        const doc = line ? this.documents.get(String(line.documentId)) : undefined;
        return line && doc?.statusCode === 'workingCopy' ? line : null;
      }
      default:
        return null;
    }
  }

  /** Stock by key (quantity, reserved), for comparing replicas. */
  stockView(): Map<string, { quantity: number; reserved: number }> {
    return new Map([...this.stock].map(([k, c]) => [k, { quantity: c.quantity, reserved: c.reserved }]));
  }
}
