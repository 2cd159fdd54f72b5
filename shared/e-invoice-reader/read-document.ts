// What a syntax's reader gives back: the view, each attachment's bytes beside its entry, and the
// identifiers the document claims to follow (BT-24) and the process it belongs to (BT-23).
import type { IncomingView } from '#shared/domain/incoming-invoice-view';

export type ReadDocument = {
  view: IncomingView;
  /** Per entry of `view.attachments`: the embedded file, or null for an external reference. */
  attachmentBytes: (Uint8Array | null)[];
  specificationId: string | null;
  businessProcess: string | null;
};

/** An embedded attachment's bytes; null when its text is not base64 (the validation says so). */
export function decodedAttachment(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}
