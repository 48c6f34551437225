import { z } from 'zod';
import type { ErrorCode } from '../errors';
import {
  type DocumentNumberingScheme,
  type NumberingScheme,
  numberingSchemeSchema,
  workingCopyPrefixSchema,
} from '../numbering/numberingScheme';
import { type DocumentTypeCode, documentTypeCodes } from './documentTypes';

/**
 * The client logistics configuration: numbering per document type, the working-copy prefix,
 * whether working copies reserve stock, the warehouse rule switches and print layouts. One per account,
 * read and written through GET/PUT ClientLogisticsConfig; parsing `{}` yields the defaults.
 */
const fail = (code: ErrorCode) => ({ error: code });

// Numbering settings are defined once, in domain/numbering (which also formats the numbers).
export { type NumberingScheme, numberingSchemeSchema };

export const defaultNumberingScheme = (code: DocumentTypeCode): NumberingScheme =>
  numberingSchemeSchema.parse({ prefix: code });

const defaultNumbering = Object.fromEntries(
  documentTypeCodes.map((code) => [code, defaultNumberingScheme(code)]),
) as Record<DocumentTypeCode, NumberingScheme>;

const switchSchema = z.object({ enabled: z.boolean(fail('invalidValue')) });
const limit = z.number(fail('invalidValue')).min(0, fail('minValue'));

export const verificationApprovalSchema = z.object({
  enabled: z.boolean(fail('invalidValue')),
  /** A difference larger than this many units needs approval (null = no absolute limit). */
  quantity: limit.nullable(),
  /** A difference larger than this percent of the expected quantity needs approval (null = no relative limit). */
  percent: limit.nullable(),
});
export type VerificationApproval = z.infer<typeof verificationApprovalSchema>;

/** Switches of the expiry, temperature, rack-capacity and count-approval rules (values not in the spec: ours). */
export const warehouseRulesSchema = z.object({
  /** Refuse documents moving goods past their expiry date (and keep them out of FEFO suggestions). */
  expiredGoods: switchSchema.default({ enabled: true }),
  /** Refuse receipts of goods expiring within `days` (the product's own minimalExpDays always applies). */
  nearExpiry: z
    .object({
      enabled: z.boolean(fail('invalidValue')),
      days: z.number().int(fail('invalidValue')).min(0, fail('minValue')),
    })
    .default({ enabled: false, days: 30 }),
  /** Refuse storing goods at a location whose temperature is outside the product's range. */
  temperature: switchSchema.default({ enabled: false }),
  /** Refuse loading a location beyond its capacity in kg. */
  rackCapacity: switchSchema.default({ enabled: false }),
  verificationApproval: verificationApprovalSchema.default({ enabled: false, quantity: null, percent: null }),
});
export type WarehouseRules = z.infer<typeof warehouseRulesSchema>;

export const printLayoutSchema = z.object({
  name: z.string(fail('invalidValue')).trim().min(1, fail('required')).max(100, fail('maxLength')),
  /** What the layout prints: a resource name such as wmsDocument, product, storageSpace. */
  objectType: z.string(fail('invalidValue')).trim().min(1, fail('required')),
  content: z.string(fail('invalidValue')),
});
export type PrintLayout = z.infer<typeof printLayoutSchema>;

/** Bounds of how old a terminal's copy of the data may get before its actions warn: a minute to a week. */
export const staleAfterMinutesBounds = { min: 1, max: 7 * 24 * 60 } as const;

/** Terminals (offline work on the device's replica): set once for the company by a manager. */
export const terminalSettingsSchema = z.object({
  /** Actions warn once the last complete sync is older than this many minutes (the data may have moved on). */
  staleAfterMinutes: z
    .number(fail('invalidValue'))
    .int(fail('invalidValue'))
    .min(staleAfterMinutesBounds.min, fail('minValue'))
    .max(staleAfterMinutesBounds.max, fail('maxValue')),
  /**
   * Terminals recognise who holds them from the camera every 10 s, against the company's face database
   * (replicated to them only while this is on); POST /api/ComputerVision/analyse answers only then.
   */
  faceRecognition: z.boolean(fail('invalidValue')).default(false),
});
export type TerminalSettings = z.infer<typeof terminalSettingsSchema>;

export const logisticsConfigSchema = z.object({
  numbering: z
    .partialRecord(z.enum(documentTypeCodes), numberingSchemeSchema)
    .default({})
    .transform((given): Record<DocumentTypeCode, NumberingScheme> => ({ ...defaultNumbering, ...given })),
  /** Prefix of the provisional number a terminal gives a working copy offline, until the server numbers it. */
  workingCopyPrefix: workingCopyPrefixSchema.default('WC-'),
  /** Working-copy releases reserve their quantities (lower what is available) before confirmation. */
  workingCopiesCountInStock: z.boolean(fail('invalidValue')).default(false),
  rules: warehouseRulesSchema.default(() => warehouseRulesSchema.parse({})),
  printLayouts: z.array(printLayoutSchema).default([]),
  terminal: terminalSettingsSchema.default({ staleAfterMinutes: 30, faceRecognition: false }),
});
export type LogisticsConfig = z.output<typeof logisticsConfigSchema>;
export type LogisticsConfigInput = z.input<typeof logisticsConfigSchema>;

export const defaultLogisticsConfig: LogisticsConfig = logisticsConfigSchema.parse({});

/**
 * A stored config (the account's column, the replica's row) with the defaults filled in; one that no longer
 * parses (written by another version) reads as the defaults.
 */
export const parseLogisticsConfig = (stored: unknown): LogisticsConfig => {
  const parsed = logisticsConfigSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : logisticsConfigSchema.parse({});
};

/** The numbering of a type, falling back to the default scheme. */
export const numberingSchemeFor = (
  config: Pick<LogisticsConfig, 'numbering'>,
  code: DocumentTypeCode,
): NumberingScheme => config.numbering[code] ?? defaultNumberingScheme(code);

/** The complete scheme the numbering functions take: the type's numbering plus the account's working-copy prefix. */
export const documentNumberingFor = (
  config: Pick<LogisticsConfig, 'numbering' | 'workingCopyPrefix'>,
  code: DocumentTypeCode,
): DocumentNumberingScheme => ({
  ...numberingSchemeFor(config, code),
  workingCopyPrefix: config.workingCopyPrefix,
});
