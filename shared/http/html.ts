// Answers for the public pages (invoice, sandbox checkout). They need no script: the policy allows
// their inline style, data: images and forms posting to this service (and on to Stripe Checkout, which
// the Pay button redirects to), and forbids framing, so a Pay button cannot be clickjacked.
import type { Reply } from '#shared/http/request';

export const PAGE_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "form-action 'self' https://checkout.stripe.com",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const htmlPage = (status: number, content: string, headers: Record<string, string> = {}): Reply => ({
  status,
  raw: { content, contentType: 'text/html; charset=utf-8' },
  headers: { 'content-security-policy': PAGE_SECURITY_POLICY, 'cache-control': 'no-store', ...headers },
});

/**
 * A page whose form posts back to this service: the browser sends a Referer only to this origin, so
 * its form carries its own `Origin` (under `no-referrer` a browser sends `Origin: null`, which a page of
 * another site in a sandboxed frame sends too) and the token still leaves in no Referer to anyone else.
 */
export const FORM_PAGE_HEADERS = { 'referrer-policy': 'same-origin' };
