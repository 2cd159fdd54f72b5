// A document as an HTTP answer: its bytes, its type, and a Content-Disposition whose file name is
// safe in every client (an ASCII fallback and RFC 6266 `filename*`).
import { create as contentDisposition } from 'content-disposition';
import type { Reply } from '#shared/http/request';

type File = { content: string | Uint8Array; contentType: string; filename: string };

export const fileReply = (
  file: File,
  disposition: 'inline' | 'attachment',
  headers: Record<string, string> = {},
): Reply => ({
  status: 200,
  raw: { content: file.content, contentType: file.contentType },
  headers: { 'content-disposition': contentDisposition(file.filename, { type: disposition }), ...headers },
});
