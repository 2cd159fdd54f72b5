// A file name made from a document's printed number, for downloads, e-mail attachments and archives.
// A number may hold anything its pattern prints ("RE/2026/001", "../x"): the name never does.

/** What no file name should hold: control characters, path separators, and what Windows forbids. */
const UNSAFE = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/** `number` with unsafe characters as "-", no leading or trailing dots or spaces, then `suffix` (".pdf"). */
export function fileNameOf(number: string, suffix: string): string {
  const base = number.replace(UNSAFE, '-').replace(/^[.\s]+|[.\s]+$/g, '');
  return `${base || 'document'}${suffix}`;
}
