// The file name an upload's Content-Disposition gives, if any: only its last path segment, and only
// what the text policy admits (a name from a stranger is shown back, never used as a path).
import { parse } from 'content-disposition';
import { header } from '#shared/http/request';
import { textProblem } from '#shared/http/text-policy';

export function uploadedFileName(headers: Record<string, string | undefined>): string | null {
  const given = header(headers, 'content-disposition');
  if (!given) return null;
  try {
    const name = parse(given).parameters.filename?.split(/[\\/]/).pop()?.trim();
    return name && name.length <= 255 && textProblem(name) === undefined ? name : null;
  } catch {
    return null;
  }
}
