import type { FieldError } from '../../../domain/errors';

/** The grams per kg typed for each metal of the form, by metal rate id ('' = the catalyst holds none of it). */
export type GramsByMetal = Readonly<Record<string, string>>;

/** One metal of a catalyst as the catalyst calls take it. */
export interface ContentEntry {
  readonly baseStockId: string;
  readonly gramsPerKg: number;
}

/** The bounds the server holds a metal's content to (grams per kg of wet catalyst). */
export const maxGramsPerKg = 1000;

/** The form's field name of one metal's input, so its error shows under that input. */
export const metalField = (metalId: string): string => `productStockContent.${metalId}`;

/** The typed grams of a stored `productStockContent` (entries carry `baseStockId` or a nested `baseStock`). */
export const gramsOf = (content: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!Array.isArray(content)) return out;
  for (const entry of content) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as { baseStockId?: unknown; baseStock?: { baseStockId?: unknown }; gramsPerKg?: unknown };
    const id = typeof e.baseStockId === 'string' ? e.baseStockId : e.baseStock?.baseStockId;
    if (typeof id === 'string' && typeof e.gramsPerKg === 'number') out[id] = String(e.gramsPerKg);
  }
  return out;
};

/**
 * The `productStockContent` to send for the typed grams, or the field errors of the inputs that are not a number
 * from 0 to the maximum. An empty input (or 0) leaves the metal out: the catalyst holds none of it.
 */
export const contentOf = (grams: GramsByMetal): { content: ContentEntry[]; errors: FieldError[] } => {
  const content: ContentEntry[] = [];
  const errors: FieldError[] = [];
  for (const [baseStockId, typed] of Object.entries(grams)) {
    const text = typed.trim().replace(',', '.');
    if (text === '') continue;
    const value = Number(text);
    const field = metalField(baseStockId);
    if (!Number.isFinite(value)) errors.push({ field, rule: 'invalidValue' });
    else if (value < 0) errors.push({ field, rule: 'minValue', params: { min: 0 } });
    else if (value > maxGramsPerKg) errors.push({ field, rule: 'maxValue', params: { max: maxGramsPerKg } });
    else if (value > 0) content.push({ baseStockId, gramsPerKg: value });
  }
  return { content, errors };
};
