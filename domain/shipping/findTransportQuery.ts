import { z } from 'zod';
import type { ErrorCode } from '../errors';

const fail = (code: ErrorCode) => ({ error: code });
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const country = z.preprocess(
  blankToUndefined,
  z
    .string(fail('invalidValue'))
    .trim()
    .regex(/^[A-Za-z]{2}$/, fail('invalidValue'))
    .transform((v) => v.toUpperCase())
    .optional(),
);
const day = z.preprocess(
  blankToUndefined,
  z
    .string(fail('invalidValue'))
    .regex(/^\d{4}-\d{2}-\d{2}$/, fail('invalidValue'))
    .optional(),
);
const weight = z.preprocess((v) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' ? Number(b) : b;
}, z.number(fail('invalidValue')).min(0, fail('minValue')).max(1_000_000, fail('maxValue')).optional());

/**
 * The filters of "find transport" (a carrier's list of published tickets): pickup and destination country
 * (ISO 3166 two letters), a pickup window by calendar day (from/to inclusive, UTC) and the load weight in kg.
 */
export const findTransportQuerySchema = z
  .object({
    pickupCountry: country,
    destinationCountry: country,
    pickupFrom: day,
    pickupTo: day,
    minWeight: weight,
    maxWeight: weight,
    PageNumber: z.coerce.number(fail('invalidValue')).int().min(1, fail('minValue')).default(1),
    PageSize: z.coerce
      .number(fail('invalidValue'))
      .int()
      .min(1, fail('minValue'))
      .max(200, fail('maxValue'))
      .default(25),
  })
  .refine((q) => !q.pickupFrom || !q.pickupTo || q.pickupFrom <= q.pickupTo, {
    ...fail('invalidValue'),
    path: ['pickupTo'],
  })
  .refine((q) => q.minWeight === undefined || q.maxWeight === undefined || q.minWeight <= q.maxWeight, {
    ...fail('invalidValue'),
    path: ['maxWeight'],
  });
export type FindTransportQuery = z.output<typeof findTransportQuerySchema>;
