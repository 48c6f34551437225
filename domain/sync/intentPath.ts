import type { IntentRoute } from './intentDefinition';

/**
 * The canonical form of a call's path, before it is matched to an intent's route: each segment percent-decoded
 * once, dot segments resolved, a trailing slash dropped, letter case left to the comparison (routes match any
 * case; named segments keep theirs). Undefined for a path that is not one: no leading slash, empty segments,
 * a segment that decodes badly or into a slash, a control character, a query or fragment, or `..` above the root.
 */
export const canonicalPath = (path: string): string | undefined => {
  if (!path.startsWith('/')) return undefined;
  const raw = path.slice(1).split('/');
  // A trailing slash names the same route (the server's router ignores it).
  if (raw.length > 1 && raw.at(-1) === '') raw.pop();
  const out: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (segment === '' || /[/\\?#\u0000-\u001f\u007f]/.test(segment)) return undefined;
    if (segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return `/${out.join('/')}`;
};

/** The named segments of `path` when it is `route`'s path (compared without regard to letter case). */
export const matchRoute = (route: IntentRoute, path: string): Record<string, string> | undefined => {
  const want = route.path.slice(1).split('/');
  const have = path.slice(1).split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part.toLowerCase() !== value.toLowerCase()) return undefined;
  }
  return params;
};
