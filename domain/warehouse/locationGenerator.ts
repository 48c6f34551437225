import { z } from 'zod';
import type { ErrorCode } from '../errors';

/**
 * The location generator (docs/glossary.md): up to three nesting levels, each with prefix, digits, start
 * number and quantity (POST StorageSpace/generate). Each level makes `quantity` locations under every
 * location of the level above; a label is the labels of its ancestors' parts and its own part
 * (prefix + zero-padded number) joined by the separator, e.g. A01-R03-S2. Labels are upper case, as
 * storage-space labels are stored. The server generates from these functions and the screen previews
 * with them, so both always agree.
 */
const fail = (code: ErrorCode) => ({ error: code });

/** Limits of one request (ours: the spec gives none). */
export const generatorLimits = {
  maxLevels: 3,
  maxPrefixLength: 10,
  maxDigits: 6,
  maxQuantity: 1000,
  /** Locations one request may create over all levels. */
  maxTotal: 10_000,
  maxSeparatorLength: 3,
} as const;

/** Letters, digits, '.', '_' and '-' (labels are barcodes: no spaces). */
const labelPartPattern = /^[A-Za-z0-9._-]*$/;

export const generatorLevelSchema = z
  .object({
    prefix: z
      .string(fail('invalidValue'))
      .trim()
      .max(generatorLimits.maxPrefixLength, fail('maxLength'))
      .regex(labelPartPattern, fail('forbiddenChar'))
      .default(''),
    digits: z
      .number(fail('invalidValue'))
      .int(fail('invalidValue'))
      .min(1, fail('minValue'))
      .max(generatorLimits.maxDigits, fail('maxValue')),
    start: z.number(fail('invalidValue')).int(fail('invalidValue')).min(0, fail('minValue')),
    quantity: z
      .number(fail('invalidValue'))
      .int(fail('invalidValue'))
      .min(1, fail('minValue'))
      .max(generatorLimits.maxQuantity, fail('maxValue')),
    /** Location type of this level's locations (default: the request's typeId). */
    typeId: z.uuid(fail('invalidValue')).nullish(),
  })
  .superRefine((level, ctx) => {
    // The last number must fit the digits, or labels of one level would differ in width.
    const max = 10 ** level.digits - 1;
    if (level.start + level.quantity - 1 > max) {
      const fits = Math.max(0, max - level.start + 1);
      ctx.addIssue({ code: 'custom', message: 'maxValue', path: ['quantity'], params: { max: fits } });
    }
  });
export type GeneratorLevel = z.output<typeof generatorLevelSchema>;

export const generateLocationsSchema = z
  .object({
    /** The generated tree goes under this location (none: top level). */
    parentId: z.uuid(fail('invalidValue')).nullish(),
    typeId: z.uuid(fail('invalidValue')).nullish(),
    separator: z
      .string(fail('invalidValue'))
      .max(generatorLimits.maxSeparatorLength, fail('maxLength'))
      .regex(labelPartPattern, fail('forbiddenChar'))
      .default('-'),
    levels: z
      // No levels at all is a missing field; something other than a list is a wrong one.
      .array(generatorLevelSchema, {
        error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue'),
      })
      .min(1, fail('required'))
      .max(generatorLimits.maxLevels, fail('maxValue')),
  })
  .superRefine((request, ctx) => {
    const total = generatedLocationCount(request.levels);
    if (total > generatorLimits.maxTotal) {
      ctx.addIssue({
        code: 'custom',
        message: 'maxValue',
        path: ['levels'],
        params: { max: generatorLimits.maxTotal },
      });
    }
  });
export type GenerateLocationsRequest = z.output<typeof generateLocationsSchema>;
export type GenerateLocationsInput = z.input<typeof generateLocationsSchema>;

type LevelShape = Pick<GeneratorLevel, 'prefix' | 'digits' | 'start' | 'quantity'>;

/** One level's part of a label: prefix and number zero-padded to `digits`, upper case. */
export const levelLabelPart = (level: LevelShape, n: number): string =>
  `${level.prefix.trim()}${String(n).padStart(level.digits, '0')}`.toUpperCase();

/** How many locations each level makes: level i makes quantity₀ × … × quantityᵢ. */
export const generatedCountsPerLevel = (levels: readonly Pick<LevelShape, 'quantity'>[]): number[] => {
  const counts: number[] = [];
  let product = 1;
  for (const level of levels) {
    product *= Math.max(0, Math.trunc(level.quantity));
    counts.push(product);
  }
  return counts;
};

/** How many locations the request makes over all levels. */
export const generatedLocationCount = (levels: readonly Pick<LevelShape, 'quantity'>[]): number =>
  generatedCountsPerLevel(levels).reduce((sum, n) => sum + n, 0);

export interface LevelPreview {
  /** Label of the level's first location (first number on every level down to it). */
  readonly first: string;
  /** Label of the level's last location. */
  readonly last: string;
  readonly count: number;
}

/** First and last label and the count of each level, for the generator screen's preview. */
export const generatorPreview = (levels: readonly LevelShape[], separator: string): LevelPreview[] => {
  const counts = generatedCountsPerLevel(levels);
  const firsts: string[] = [];
  const lasts: string[] = [];
  return levels.map((level, i) => {
    firsts.push(levelLabelPart(level, level.start));
    lasts.push(levelLabelPart(level, level.start + Math.max(1, level.quantity) - 1));
    return { first: firsts.join(separator), last: lasts.join(separator), count: counts[i] ?? 0 };
  });
};

export interface GeneratedLocation {
  readonly label: string;
  /** Label of the parent made by the same request (null: the request's parent). */
  readonly parentLabel: string | null;
  /** 0-based level index (for the level's typeId). */
  readonly level: number;
}

/** Every location of a request, each parent before its children (depth first, in number order). */
export function* generatedLocations(
  levels: readonly LevelShape[],
  separator: string,
): Generator<GeneratedLocation> {
  function* below(depth: number, parentLabel: string | null): Generator<GeneratedLocation> {
    const level = levels[depth];
    if (!level) return;
    for (let n = level.start; n < level.start + level.quantity; n++) {
      const part = levelLabelPart(level, n);
      const label = parentLabel === null ? part : `${parentLabel}${separator}${part}`;
      yield { label, parentLabel, level: depth };
      yield* below(depth + 1, label);
    }
  }
  yield* below(0, null);
}
