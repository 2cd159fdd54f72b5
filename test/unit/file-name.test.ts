// File names from printed numbers: whatever a numbering pattern prints, the name holds no path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '#shared/domain/file-name';

describe('fileNameOf', () => {
  it.each([
    ['INV-2026-0001', 'INV-2026-0001.pdf'],
    ['RE/2026/001', 'RE-2026-001.pdf'],
    ['../../P870a15', '-..-P870a15.pdf'],
    ['..\\C:\\x', '-C--x.pdf'],
    ['.hidden', 'hidden.pdf'],
    ['a\u0000b\u001fc', 'a-b-c.pdf'],
    ['Rechnung Ü 7', 'Rechnung Ü 7.pdf'],
    ['...', 'document.pdf'],
  ])('%j → %j', (number, name) => expect(fileNameOf(number, '.pdf')).toBe(name));

  it('never holds a path separator, a control character or a leading dot, for any number', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (number) => {
        const name = fileNameOf(number, '.xml');
        expect(name).not.toMatch(/[/\\\u0000-\u001f]|^\./);
        expect(name.endsWith('.xml')).toBe(true);
      }),
    );
  });
});
