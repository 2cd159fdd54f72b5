// Forms posted by the service's own pages only: a browser says where a request comes from (Sec-Fetch-Site,
// Origin), and a form another site posts is refused before it changes anything.
import { header } from '#shared/http/request';

export function crossSite(headers: Record<string, string | undefined>, publicBaseUrl: string): boolean {
  const site = header(headers, 'sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = header(headers, 'origin');
  return origin !== undefined && origin !== 'null' && origin !== new URL(publicBaseUrl).origin;
}
