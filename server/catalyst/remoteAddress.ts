import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Why a remote address may not or could not be read, in words (a rate's "last source error", an import warning). */
export class SourceError extends Error {}

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

/**
 * The URL of an address the server may read on a user's behalf (a quote source, a catalyst photo): http or https
 * only, and, unless `allowPrivate` (tests, an intranet), never an address of this network, so a user cannot
 * make the server reach its own neighbours.
 */
export const checkedRemoteUrl = async (text: string, allowPrivate: boolean): Promise<URL> => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SourceError('the address is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SourceError('only http and https addresses are read');
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new SourceError('the host name is not known');
    }
    if (addresses.length === 0 || addresses.some(isPrivate))
      throw new SourceError('the address is private to this network');
  }
  return url;
};

/**
 * GET of a checked address, redirects refused (they could lead to a private address), at most `maxBytes` read
 * within the timeout.
 */
export const fetchRemote = async (
  url: URL,
  opts: { readonly accept: string; readonly timeoutMs: number; readonly maxBytes: number },
): Promise<{ readonly body: Buffer; readonly contentType: string }> => {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: opts.accept },
      redirect: 'error',
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (error) {
    throw new SourceError(`no answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new SourceError(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > opts.maxBytes) throw new SourceError('the answer is too large');
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > opts.maxBytes) throw new SourceError('the answer is too large');
  return { body, contentType: response.headers.get('content-type') ?? '' };
};
