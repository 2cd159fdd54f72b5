// Reads a PDF the way a person would: its text (poppler's pdftotext), its page count (pdfinfo) and
// the QR code a banking app would scan (pdftoppm's drawing, decoded by jsqr).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS with a `default` export: Node hands ESM importers the module object.
const jsQR = jsqr.default;

export function readPdf(bytes: Uint8Array): { text: string; pages: number } {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    return { text, pages };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR code poppler draws on the PDF's first page, decoded. */
export function qrInPdf(bytes: Uint8Array): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    writeFileSync(join(dir, 'invoice.pdf'), bytes);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', join(dir, 'invoice.pdf'), join(dir, 'page')]);
    return qrInPng(readFileSync(join(dir, 'page-1.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR code in a PNG image, decoded. */
export function qrInPng(bytes: Buffer): string | undefined {
  const png = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}
