// Forms posted by the service's own pages only: a browser says where a request comes from
// (Sec-Fetch-Site, Origin, and Referer when it sends no Origin), and a form that is not from the origin
// of PUBLIC_BASE_URL is refused with 403 before its body is read or anything is looked up.
// `Origin: null` is refused too: sandboxed frames and data: pages send it; the quote page's own form
// sends its origin because the page's referrer policy is `same-origin` (shared/http/html.ts).
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { header, type RequestContext } from '#shared/http/request';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
};

/** Why a browser's form does not come from `publicBaseUrl`'s origin, or undefined when it does (or nothing says). */
export function foreignForm(headers: Record<string, string | undefined>, publicBaseUrl: string): string | undefined {
  const own = new URL(publicBaseUrl).origin;
  const site = header(headers, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return `Sec-Fetch-Site is ${site}`;
  const origin = header(headers, 'origin');
  if (origin !== undefined) return origin === own ? undefined : `Origin is ${origin}`;
  const referer = header(headers, 'referer');
  if (referer !== undefined && originOf(referer) !== own) return 'Referer is of another origin';
  return undefined;
}

/** For routes that take a browser's form: 403 permission_denied when another site posted it. */
export function sameOriginForms(
  publicBaseUrl: string,
): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: ({ event }) => {
      const reason = foreignForm(event.headers ?? {}, publicBaseUrl);
      if (reason)
        throw new DomainError(
          ErrorCode.permissionDenied,
          `Only this service's own pages may post this form (${reason})`,
        );
    },
  };
}
