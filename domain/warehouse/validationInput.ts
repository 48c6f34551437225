import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { isoDatePattern } from './isoDate';
import type { WarehouseRules } from './logisticsConfig';
import type { OrderStatus } from './statuses';

/**
 * The narrow, structural inputs of the document rules. The server fills them from its tables inside
 * the confirm transaction; the terminal fills them from its local replica. Nothing here is a database row.
 */

/** What the rules need to know about a product. */
export interface ProductRules {
  readonly id: string;
  readonly index: string;
  readonly contractorId: string | null;
  readonly lockIn: boolean;
  readonly lockOut: boolean;
  readonly lockRelocate: boolean;
  readonly requiredProdDate: boolean;
  readonly requiredExpDate: boolean;
  readonly requiredSerial: boolean;
  /** Storage range in °C; null = no limit on that side. */
  readonly minTemperature: number | null;
  readonly maxTemperature: number | null;
  /** Goods must have at least this many days left before expiry (receipt) / to be picked (FEFO). */
  readonly minimalExpDays: number | null;
  /** Unit weight in kg, for rack capacity. */
  readonly weight: number | null;
  /** Preferred putaway location. */
  readonly defaultLocationId?: string | null;
}

/** What the rules need to know about a storage space. */
export interface LocationRules {
  readonly id: string;
  readonly label: string;
  /** No goods may be put here. */
  readonly lockedIn: boolean;
  /** No goods may be taken from here. */
  readonly lockedOut: boolean;
  /** °C; null = not controlled. */
  readonly temperature: number | null;
  /** kg; null = unlimited. */
  readonly capacityKg: number | null;
  /** From the location type: may hold products directly (a rack level, not an aisle or a building). */
  readonly handleStock: boolean;
  /** Walking order for picking and putaway suggestions; null = after all numbered ones. */
  readonly pickupOrder?: number | null;
}

export interface DocumentDraft {
  readonly typeCode: string;
  readonly statusCode: string;
  readonly contractorId: string | null;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  readonly sourceContainer: string | null;
  readonly destinationContainer: string | null;
  readonly orderId: string | null;
}

/** A position; its own locations and containers override the header's (null/absent = take the header's). */
export interface PositionDraft {
  readonly productId: string;
  readonly quantity: number;
  readonly sourceLocationId?: string | null;
  readonly destinationLocationId?: string | null;
  readonly sourceContainer?: string | null;
  readonly destinationContainer?: string | null;
  readonly serialNumber?: string | null;
  /** ISO dates YYYY-MM-DD. */
  readonly prodDate?: string | null;
  readonly expDate?: string | null;
}

/** The order a document is linked to, as far as the rules need it. */
export interface OrderRules {
  readonly id: string;
  readonly typeCode: string;
  readonly statusCode: OrderStatus;
  /** Per product id: ordered − already realised by other documents. Products absent here are not on the order. */
  readonly remaining: ReadonlyMap<string, number>;
}

export interface ValidationContext {
  /** ISO date the rules treat as today (the caller's clock, in the warehouse's time zone). */
  readonly today: string;
  readonly products: ReadonlyMap<string, ProductRules>;
  readonly locations: ReadonlyMap<string, LocationRules>;
  /** Container (bin) number → id of the location it is stored at now. Absent = the bin holds nothing. */
  readonly containerLocations: ReadonlyMap<string, string>;
  /**
   * Available quantity (on hand − reserved) per canonical stock key (stockKeyString). Absent key = 0.
   * Leave the whole map out to skip the availability rule. Reservations of the validated document itself
   * must not be included.
   */
  readonly available?: ReadonlyMap<string, number>;
  /** The linked order; order rules are skipped when it is not given (except orderNotInProduction). */
  readonly order?: OrderRules;
  /** Current load in kg per location id, for rack capacity. Absent = empty. */
  readonly locationLoadKg?: ReadonlyMap<string, number>;
  readonly rules: WarehouseRules;
}

const fail = (code: ErrorCode) => ({ error: code });
const optionalText = z.string(fail('invalidValue')).trim().min(1, fail('required')).nullable().optional();
const optionalDate = z
  .string(fail('invalidValue'))
  .regex(isoDatePattern, fail('invalidValue'))
  .nullable()
  .optional();

/** Shape check of a position as sent by a client; the rules then check its meaning. */
export const positionDraftSchema = z.object({
  productId: z.string(fail('required')).min(1, fail('required')),
  quantity: z.number(fail('invalidValue')).finite(fail('invalidValue')),
  sourceLocationId: optionalText,
  destinationLocationId: optionalText,
  sourceContainer: optionalText,
  destinationContainer: optionalText,
  serialNumber: optionalText,
  prodDate: optionalDate,
  expDate: optionalDate,
});

const nullableText = z.string(fail('invalidValue')).trim().min(1, fail('required')).nullable();

export const documentDraftSchema = z.object({
  typeCode: z.string(fail('required')).min(1, fail('required')),
  statusCode: z.string(fail('required')).min(1, fail('required')),
  contractorId: nullableText,
  sourceLocationId: nullableText,
  destinationLocationId: nullableText,
  sourceContainer: nullableText,
  destinationContainer: nullableText,
  orderId: nullableText,
});
