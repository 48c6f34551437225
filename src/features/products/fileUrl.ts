import { apiUrl } from '../../api/http';

/**
 * The address of a stored file for an <img> tag, which cannot send the bearer header: API files get the
 * access token as `access_token` (GET File/download accepts it); other addresses are used as they are.
 */
export const authorizedFileUrl = (url: string, token: string | null): string => {
  if (!/^\/?api\//i.test(url)) return url;
  const full = apiUrl(url.startsWith('/') ? url : `/${url}`);
  if (!token) return full;
  return `${full}${full.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
};
