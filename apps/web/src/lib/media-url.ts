// Pictures are stored as API paths ("/backend/media/<id>/file"); when the API lives elsewhere
// (VITE_API_URL on another origin), they are fetched from there.
import { env } from '../env.ts';

const API_PREFIX = '/backend';

export function resolveMediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (!url.startsWith(`${API_PREFIX}/`)) return url;
  const apiBase = env.apiUrl.endsWith(API_PREFIX) ? env.apiUrl.slice(0, -API_PREFIX.length) : '';
  return `${apiBase}${url}`;
}
