import { type WarehouseRules, warehouseRulesSchema } from '../../../domain/warehouse/logisticsConfig';
import { type DocumentRule, resolveDocument } from '../../../domain/warehouse/resolveDocument';
import type {
  DocumentDraft,
  LocationRules,
  OrderRules,
  PositionDraft,
  ProductRules,
  ValidationContext,
} from '../../../domain/warehouse/validationInput';

/** Small builders shared by the warehouse rule tests. */
export const today = '2025-06-15';

export const aProduct = (over: Partial<ProductRules> = {}): ProductRules => ({
  id: 'p1',
  index: 'P-1',
  contractorId: null,
  lockIn: false,
  lockOut: false,
  lockRelocate: false,
  requiredProdDate: false,
  requiredExpDate: false,
  requiredSerial: false,
  minTemperature: null,
  maxTemperature: null,
  minimalExpDays: null,
  weight: null,
  defaultLocationId: null,
  ...over,
});

export const aLocation = (over: Partial<LocationRules> = {}): LocationRules => ({
  id: 'src',
  label: 'A-01',
  lockedIn: false,
  lockedOut: false,
  temperature: null,
  capacityKg: null,
  handleStock: true,
  pickupOrder: null,
  ...over,
});

export const aDocument = (typeCode: string, over: Partial<DocumentDraft> = {}): DocumentDraft => {
  const defaults: Record<string, Partial<DocumentDraft>> = {
    receipt: { destinationLocationId: 'dst' },
    release: { sourceLocationId: 'src' },
    relocation: { sourceLocationId: 'src', destinationLocationId: 'dst' },
  };
  const kind = ['DIN', 'IIN', 'OIN', 'SVI'].includes(typeCode)
    ? 'receipt'
    : ['DOU', 'IOU', 'OOU', 'SVO'].includes(typeCode)
      ? 'release'
      : ['ARL', 'LCR', 'OPK'].includes(typeCode)
        ? 'relocation'
        : 'other';
  return {
    typeCode,
    statusCode: 'workingCopy',
    contractorId: null,
    sourceLocationId: null,
    destinationLocationId: null,
    sourceContainer: null,
    destinationContainer: null,
    orderId: null,
    ...defaults[kind],
    ...over,
  };
};

export const aPosition = (over: Partial<PositionDraft> = {}): PositionDraft => ({
  productId: 'p1',
  quantity: 1,
  ...over,
});

export interface ContextOptions {
  products?: ProductRules[];
  locations?: LocationRules[];
  containers?: Record<string, string>;
  available?: Record<string, number>;
  order?: OrderRules;
  loadKg?: Record<string, number>;
  rules?: Partial<WarehouseRules>;
}

export const defaultRules = (): WarehouseRules => warehouseRulesSchema.parse({});

export const aContext = (o: ContextOptions = {}): ValidationContext => ({
  today,
  products: new Map((o.products ?? [aProduct(), aProduct({ id: 'p2', index: 'P-2' })]).map((p) => [p.id, p])),
  locations: new Map(
    (o.locations ?? [aLocation(), aLocation({ id: 'dst', label: 'B-01' })]).map((l) => [l.id, l]),
  ),
  containerLocations: new Map(Object.entries(o.containers ?? {})),
  ...(o.available ? { available: new Map(Object.entries(o.available)) } : {}),
  ...(o.order ? { order: o.order } : {}),
  ...(o.loadKg ? { locationLoadKg: new Map(Object.entries(o.loadKg)) } : {}),
  rules: { ...defaultRules(), ...o.rules },
});

/** Runs one rule on a document as validateDocument would. */
export const run = (
  rule: DocumentRule,
  document: DocumentDraft,
  positions: PositionDraft[] = [aPosition()],
  context: ValidationContext = aContext(),
) => rule(resolveDocument(document, positions, context));

export const codes = (issues: readonly { code: string }[]) => issues.map((i) => i.code);

/** An ISO date `days` after the fixture's today. */
export const inDays = (days: number): string => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
