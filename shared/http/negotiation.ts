// Content negotiation for the routes that answer JSON or a document (route `negotiates`): the
// caller's Accept header chooses, JSON when it names neither.
import Negotiator from 'negotiator';
import { header } from '#shared/http/request';

const OFFERED = ['application/json', 'application/pdf'] as const;

/** Both answers depend on Accept: caches must keep them apart. */
export const VARY_ACCEPT = { vary: 'accept' };

export function wantsPdf(headers: Record<string, string | undefined>): boolean {
  const accept = header(headers, 'accept');
  return new Negotiator({ headers: { accept } }).mediaType([...OFFERED]) === 'application/pdf';
}
