import type { Intent } from '../domain/sync/intents';

const rewrite = (value: unknown, from: string, to: string): unknown => {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((v) => rewrite(v, from, to));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewrite(v, from, to);
    return out;
  }
  return value;
};

/**
 * An intent with every field equal to the old provisional number replaced by the new one (the document's
 * own number, and any later intent that quotes it, e.g. as a preceding-document number or in a comment
 * field that holds just the number). Ids never equal a number, so nothing else changes.
 */
export const rewriteNumber = (intent: Intent, from: string, to: string): Intent =>
  from === to ? intent : (rewrite(intent, from, to) as Intent);
