// The organization's logo: a PNG or JPEG the service stores and prints on every document. Bounded so
// it fits one table item and prints crisp without bloating each PDF (docs/api.md "The organization").
// A request's data: URL is read here; the image itself is checked, decoded and written anew by the
// document renderer (shared/documents/logo-image.ts) before it is stored.

export const LOGO_LIMITS = { maxBytes: 256 * 1024, maxSide: 2000 } as const;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export type Logo = { content_type: LogoType; bytes: Uint8Array };
/** What the organization record keeps of its logo; the bytes are their own item. */
export type LogoInfo = { content_type: LogoType; size: number; width: number; height: number };

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

/** A `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL read as logo bytes, or why it is not one. */
export function logoFromDataUrl(text: string): { logo: Logo } | { problem: string } {
  const match = DATA_URL.exec(text);
  if (!match) return { problem: 'must be a data: URL of a PNG or JPEG image, base64-encoded' };
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > LOGO_LIMITS.maxBytes) return { problem: `may be at most ${LOGO_LIMITS.maxBytes / 1024} KB` };
  return { logo: { content_type: match[1] as LogoType, bytes: new Uint8Array(bytes) } };
}
