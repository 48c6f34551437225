/**
 * Where a favorite leads: its link with its saved parameters (an object of values) added to the query string.
 * Parameters already in the link stay unless a saved one replaces them; empty values are left out.
 */
export const favoriteHref = (link: string, parameters: unknown): string => {
  const [path = '', query = ''] = link.split('?', 2);
  const params = new URLSearchParams(query);
  if (parameters !== null && typeof parameters === 'object' && !Array.isArray(parameters)) {
    for (const [key, value] of Object.entries(parameters)) {
      if (value === undefined || value === null || value === '') continue;
      params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  const qs = params.toString();
  const target = path.startsWith('/') ? path : `/${path}`;
  return qs ? `${target}?${qs}` : target;
};
