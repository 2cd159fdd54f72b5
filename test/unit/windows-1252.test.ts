// DATEV's text as Windows-1252 holds it (docs/exports.md "DATEV"): one "?" per character lost.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { windows1252Text } from '#shared/domain/windows-1252';

/** As the export writes it: the text made holdable, then encoded. */
const bytes = (text: string) => iconv.encode(windows1252Text(text), 'win1252');

describe('Windows-1252 text', () => {
  it('keeps what the code page holds: ASCII, umlauts, ß, €, typographic quotes and dashes', () => {
    const text = 'Müller & Söhne GmbH – „Straße“ 5 € ‰ Œuvre ™';
    expect(windows1252Text(text)).toBe(text);
    expect(iconv.decode(bytes(text), 'win1252')).toBe(text);
  });

  it('writes one ? for an emoji, not one per UTF-16 unit', () => {
    expect('😀'.length).toBe(2);
    expect(windows1252Text('Danke 😀!')).toBe('Danke ?!');
    expect([...bytes('😀')]).toEqual([0x3f]);
  });

  it('writes one ? for each astral character and for each code point of an emoji sequence', () => {
    expect(windows1252Text('𝄞 𠀋')).toBe('? ?');
    // Man, zero-width joiner, woman: three code points.
    expect(windows1252Text('👨‍👩')).toBe('???');
  });

  it('composes combining marks first: e and a combining acute is é, which the code page holds', () => {
    expect(windows1252Text('Cafe\u0301')).toBe('Café');
    expect([...bytes('e\u0301')]).toEqual([0xe9]);
    // No composed form: the letter stays, the mark it cannot hold is one ?.
    expect(windows1252Text('x\u0301')).toBe('x?');
  });

  it('replaces characters of other scripts and C1 controls one by one', () => {
    expect(windows1252Text('Ωλ日本\u0085')).toBe('?????');
  });
});
