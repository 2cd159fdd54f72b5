// List cursors: the DynamoDB position, signed and bound to the organization and the filters of the
// list it came from, so a cursor can neither be forged nor replayed against another tenant's list.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readSecretString, startedSecret } from '#shared/aws/secrets';
import type { Config } from '#shared/config';
import { validationError } from '#shared/domain/errors';

type Position = Record<string, unknown>;

const checkedKey = (secret: string | undefined) => {
  if (!secret || secret.length < 32)
    throw new Error(
      'Invalid configuration: CURSOR_SECRET or CURSOR_SECRET_ARN must give a key of at least 32 characters',
    );
  return secret;
};

/**
 * The cursors' HMAC key: from the environment locally (checked at once); from Secrets Manager in AWS,
 * read from the cold start on, and awaited by the list that first needs it.
 */
export function cursorSecret(settings: Pick<Config, 'CURSOR_SECRET' | 'CURSOR_SECRET_ARN'>): () => Promise<string> {
  const { CURSOR_SECRET, CURSOR_SECRET_ARN } = settings;
  if (CURSOR_SECRET !== undefined || !CURSOR_SECRET_ARN) {
    const key = Promise.resolve(checkedKey(CURSOR_SECRET));
    return () => key;
  }
  return startedSecret(async () => checkedKey(await readSecretString(CURSOR_SECRET_ARN)));
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function encodeCursor(secret: string, scope: string, position: Position): string {
  const payload = Buffer.from(JSON.stringify({ s: scope, p: position })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeCursor(secret: string, scope: string, cursor: string): Position {
  const [payload = '', signature = ''] = cursor.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  const invalid = () => validationError({ cursor: 'is not a cursor of this list' });
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s: string; p: Position };
  if (decoded.s !== scope) throw invalid();
  return decoded.p;
}

export type Page<T> = { items: T[]; position?: Position };

/** A list's query as its `next` link repeats it; a group (`metadata`) goes back to `name[key]=value`. */
type LinkQuery = Record<string, string | Record<string, string> | undefined>;

function setQuery(url: URL, query: LinkQuery) {
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || name === 'cursor') continue;
    if (typeof value === 'string') url.searchParams.set(name, value);
    else for (const [key, inner] of Object.entries(value)) url.searchParams.set(`${name}[${key}]`, inner);
  }
}

/** Shapes a page as `{results, next}`; `next` repeats the request's query with the new cursor. */
export function pageResponse<T, R>(
  page: Page<T>,
  link: { secret: string; scope: string; baseUrl: string; path: string; query: LinkQuery },
  present: (item: T) => R,
) {
  let next: string | null = null;
  if (page.position) {
    const url = new URL(link.path, link.baseUrl);
    setQuery(url, link.query);
    url.searchParams.set('cursor', encodeCursor(link.secret, link.scope, page.position));
    next = url.toString();
  }
  return { results: page.items.map(present), next };
}

type Link = { scope: string; baseUrl: string; path: string; query: LinkQuery };

/** One list request: the position its cursor starts from, and its page shaped with the `next` link. */
export function listing(secret: string, link: Link, cursor: string | undefined) {
  return {
    startKey: cursor ? decodeCursor(secret, link.scope, cursor) : undefined,
    page: <T, R>(page: Page<T>, present: (item: T) => R) => pageResponse(page, { secret, ...link }, present),
  };
}
