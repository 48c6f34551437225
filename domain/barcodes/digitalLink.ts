import type { Gs1ErrorCode } from './gs1Element';

/**
 * GS1 Digital Link URIs (as printed in GS1 QR codes on consumer packaging), e.g.
 * `https://id.gs1.org/01/09506000134352/10/ABC?17=201225`: path pairs from the first primary key
 * on (any custom path before it is ignored), then query parameters whose names are AIs.
 * Non-AI query parameters (linkType, …) and the fragment are ignored.
 */

/** The AIs that can start a Digital Link path (GS1 Digital Link standard, primary keys). */
const primaryKeys = new Set([
  '00',
  '01',
  '253',
  '255',
  '401',
  '402',
  '414',
  '417',
  '8003',
  '8004',
  '8006',
  '8010',
  '8013',
  '8017',
  '8018',
]);

const uriPattern = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?(?:\?([^#\s]*))?(?:#\S*)?$/i;
const aiPattern = /^\d{2,4}$/;

export interface DigitalLinkPair {
  readonly ai: string;
  readonly raw: string;
}

export type DigitalLinkOutcome =
  | { readonly ok: true; readonly pairs: readonly DigitalLinkPair[] }
  | { readonly ok: false; readonly error: Gs1ErrorCode; readonly ai?: string };

const decode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/** The AI pairs of a Digital Link URI; `undefined` when `text` is not one (not a URI, no primary key). */
export const splitDigitalLink = (text: string): DigitalLinkOutcome | undefined => {
  const match = uriPattern.exec(text);
  if (!match) return undefined;
  const segments = (match[1] ?? '').split('/').filter((s) => s !== '');
  let first = -1;
  for (let i = 0; i + 1 < segments.length; i++) {
    const segment = segments[i] ?? '';
    if (primaryKeys.has(segment) && (segments.length - i) % 2 === 0) {
      first = i;
      break;
    }
  }
  if (first < 0) return undefined;

  const pairs: DigitalLinkPair[] = [];
  for (let i = first; i < segments.length; i += 2) {
    const ai = segments[i] ?? '';
    const raw = decode(segments[i + 1] ?? '');
    if (!aiPattern.test(ai)) return { ok: false, error: 'invalidAi', ai };
    if (raw === undefined) return { ok: false, error: 'invalidCharacter', ai };
    pairs.push({ ai, raw });
  }
  for (const parameter of (match[2] ?? '').split('&')) {
    const eq = parameter.indexOf('=');
    if (eq < 0) continue;
    const ai = parameter.slice(0, eq);
    if (!aiPattern.test(ai)) continue;
    const raw = decode(parameter.slice(eq + 1));
    if (raw === undefined) return { ok: false, error: 'invalidCharacter', ai };
    pairs.push({ ai, raw });
  }
  return { ok: true, pairs };
};
