import { defaultWedgeSettings, type SuffixKey, suffixKeys, type WedgeSettings } from './wedgeDecoder';

/** Bounds of the timing settings: below 5 ms no scanner keeps up, above 200 ms humans pass as scanners. */
export const gapLimits = { min: 5, max: 200 } as const;
export const minLengthLimits = { min: 1, max: 40 } as const;

const clampInt = (value: unknown, limits: { min: number; max: number }, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(limits.max, Math.max(limits.min, Math.round(value)))
    : fallback;

/** Short strings only: a prefix or substitute is a few characters a scanner is programmed to send. */
const shortText = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.length <= 8 ? value : fallback;

/**
 * Settings read from storage (or a form), with anything unusable replaced by the default: unknown
 * suffix keys dropped, numbers clamped. A substitute equal to the prefix would eat the prefix: dropped.
 */
export const sanitizeWedgeSettings = (input: unknown): WedgeSettings => {
  const s = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const d = defaultWedgeSettings;
  const suffix = Array.isArray(s.suffix)
    ? suffixKeys.filter((k): k is SuffixKey => (s.suffix as unknown[]).includes(k))
    : d.suffix;
  const prefix = shortText(s.prefix, d.prefix);
  const substitute = shortText(s.fnc1Substitute, d.fnc1Substitute);
  return {
    prefix,
    suffix,
    fnc1Substitute: substitute !== '' && substitute === prefix ? '' : substitute,
    maxGapMs: clampInt(s.maxGapMs, gapLimits, d.maxGapMs),
    minLength: clampInt(s.minLength, minLengthLimits, d.minLength),
  };
};
