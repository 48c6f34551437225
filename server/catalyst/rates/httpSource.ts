import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

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

/** Why a source could not be read, in words for the rate's "last source error". */
export class SourceError extends Error {}

const maxBytes = 1024 * 1024;

const privateRanges = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

const isPrivate = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  return privateRanges.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
};

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
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    throw new SourceError('the address is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SourceError('only http and https addresses are read');
  if (!opts.allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    if (addresses.length === 0 || addresses.some(isPrivate))
      throw new SourceError('the address is private to this network');
  }
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (error) {
    throw new SourceError(`no answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new SourceError(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxBytes) throw new SourceError('the answer is too large');
  const text = await response.text();
  if (text.length > maxBytes) throw new SourceError('the answer is too large');
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
