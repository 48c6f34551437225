import { checkedRemoteUrl, fetchRemote, SourceError } from '../remoteAddress';

export { SourceError };

/** Where an HTTP JSON source is and which field of its answer holds the quote. */
export interface HttpSource {
  readonly url: string;
  /** Dot path into the JSON answer: "price", "data.metals.XPT.ask", "rates.0.value". */
  readonly field: string;
}

export interface HttpSourceOptions {
  /** Sources on private, loopback or link-local addresses are refused unless allowed (tests, an intranet feed). */
  readonly allowPrivate: boolean;
  readonly timeoutMs: number;
}

const maxBytes = 1024 * 1024;

/** The value at a dot path of a JSON value. */
export const valueAt = (json: unknown, path: string): unknown => {
  let node = json;
  for (const part of path.split('.').filter(Boolean)) {
    if (Array.isArray(node) && /^\d+$/.test(part)) node = node[Number(part)];
    else if (typeof node === 'object' && node !== null) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return node;
};

/** A positive number from a JSON value (numbers, or text with a decimal point or comma). */
export const quoteNumber = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.trim().replace(',', '.'))
        : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * Reads one quote from an HTTP JSON source: GET the address (http or https only; private addresses only when
 * allowed), at most 1 MB within the timeout, and take the number at the field's path.
 */
export const fetchHttpQuote = async (source: HttpSource, opts: HttpSourceOptions): Promise<number> => {
  const url = await checkedRemoteUrl(source.url, opts.allowPrivate);
  const { body } = await fetchRemote(url, {
    accept: 'application/json',
    timeoutMs: opts.timeoutMs,
    maxBytes,
  });
  const text = body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceError('the answer is not JSON');
  }
  const price = quoteNumber(valueAt(json, source.field));
  if (price === undefined) throw new SourceError(`no positive number at "${source.field}"`);
  return price;
};
