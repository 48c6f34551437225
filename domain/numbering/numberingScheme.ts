import { z } from 'zod';
import type { ErrorCode } from '../errors';

/**
 * A document type's numbering (counter of 5 to 8 digits, year of 2 or 4 digits,
 * month of 2 digits, counters reset monthly or yearly — "never" added for types numbered straight on).
 *
 * Final number:        {prefix}/{year}[/{MM}]/{counter}          e.g. DIN/2026/11/00042
 * Working-copy number: {workingCopyPrefix}{prefix}/{year}[/{MM}]/{deviceShort}-{deviceSeq}
 *                                                                 e.g. WC-DIN/2026/11/T01-17
 * (see documentNumber.ts for the exact rules).
 */
const fail = (code: ErrorCode) => ({ error: code });

export const numberingResets = ['monthly', 'yearly', 'never'] as const;
export type NumberingReset = (typeof numberingResets)[number];

/** Letters and digits, optionally joined by single hyphens ('DIN', 'VER-A'); never the separator '/'. */
export const numberPrefixPattern = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
/** Letters, digits, '-' and '_' ('WC-', 'KR_'); never '/'. */
export const workingCopyPrefixPattern = /^[A-Za-z0-9_-]+$/;

/** Prefix of the provisional numbers terminals give working copies offline ('WC-' by default). */
export const workingCopyPrefixSchema = z
  .string(fail('invalidValue'))
  .trim()
  .min(1, fail('required'))
  .max(10, fail('maxLength'))
  .regex(workingCopyPrefixPattern, fail('forbiddenChar'));

const schemeShape = {
  /** The type's short code by default ('DIN'). */
  prefix: z
    .string(fail('invalidValue'))
    .trim()
    .min(1, fail('required'))
    .max(10, fail('maxLength'))
    .regex(numberPrefixPattern, fail('forbiddenChar')),
  counterDigits: z
    .number(fail('invalidValue'))
    .int(fail('invalidValue'))
    .min(5, fail('minValue'))
    .max(8, fail('maxValue'))
    .default(6),
  yearDigits: z.union([z.literal(2), z.literal(4)], fail('invalidValue')).default(4),
  withMonth: z.boolean(fail('invalidValue')).default(false),
  reset: z.enum(numberingResets, fail('invalidValue')).default('yearly'),
  separator: z.literal('/', fail('invalidValue')).default('/'),
};

// A counter restarting every month without the month in the number would repeat numbers.
const monthlyNeedsMonth = {
  check: (s: { reset: NumberingReset; withMonth: boolean }) => s.reset !== 'monthly' || s.withMonth,
  params: { ...fail('invalidValue'), path: ['withMonth'] },
};

/**
 * One document type's numbering as the logistics config keeps it (per type; the working-copy prefix
 * is account-wide there). The single source of truth for numbering settings: logisticsConfig.ts uses it.
 */
export const numberingSchemeSchema = z
  .object(schemeShape)
  .refine(monthlyNeedsMonth.check, monthlyNeedsMonth.params);
export type NumberingScheme = z.output<typeof numberingSchemeSchema>;
export type NumberingSchemeInput = z.input<typeof numberingSchemeSchema>;

/** A complete scheme for the numbering functions: the type's scheme plus the working-copy prefix. */
export const documentNumberingSchema = z
  .object({ ...schemeShape, workingCopyPrefix: workingCopyPrefixSchema.default('WC-') })
  .refine(monthlyNeedsMonth.check, monthlyNeedsMonth.params);

export type DocumentNumberingScheme = z.output<typeof documentNumberingSchema>;
export type DocumentNumberingSchemeInput = z.input<typeof documentNumberingSchema>;

/**
 * What the numbering functions read. Structural, so the per-type scheme of the logistics config
 * (which keeps the working-copy prefix account-wide) fits: pass `{ ...scheme, workingCopyPrefix }`.
 * The functions re-check the invariants the schema enforces and answer `invalidScheme` otherwise.
 */
export interface NumberingSchemeLike {
  readonly prefix: string;
  readonly counterDigits: number;
  readonly yearDigits: number;
  readonly withMonth: boolean;
  readonly reset: NumberingReset;
  readonly separator: string;
  /** Defaults to 'WC-'. */
  readonly workingCopyPrefix?: string;
}

/** The default scheme of a document type code (same defaults as the schema: DIN/2026/000042). */
export const defaultDocumentNumbering = (typeCode: string): DocumentNumberingScheme =>
  documentNumberingSchema.parse({ prefix: typeCode });

/** Whether a scheme keeps the invariants that make numbers unique and parseable. */
export const isUsableScheme = (s: NumberingSchemeLike): boolean =>
  Number.isInteger(s.counterDigits) &&
  s.counterDigits >= 5 &&
  s.counterDigits <= 8 &&
  (s.yearDigits === 2 || s.yearDigits === 4) &&
  s.separator === '/' &&
  s.prefix.length <= 10 &&
  numberPrefixPattern.test(s.prefix) &&
  (s.workingCopyPrefix === undefined ||
    (s.workingCopyPrefix.length <= 10 && workingCopyPrefixPattern.test(s.workingCopyPrefix))) &&
  (s.reset !== 'monthly' || s.withMonth);
