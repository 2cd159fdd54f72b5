// The text policy at the edge: what every output can carry passes, what XML 1.0 cannot is refused.
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, refuseUnfitText, textProblem } from '#shared/http/text-policy';

describe('the text policy', () => {
  it('lets through tab, line feed, carriage return and every other character XML 1.0 holds', () => {
    for (const text of [
      'a\tb\nc\r\nd',
      'Łódź 😀 עברית e\u0301',
      '\u0085\u00A0\u200B\uFFFD',
      '&amp; &nbsp; <b>',
      '\u{10FFFD}',
    ])
      expect(textProblem(text), JSON.stringify(text)).toBeUndefined();
  });

  it('refuses C0 controls, U+FFFE, U+FFFF and lone surrogates', () => {
    for (const code of [0x00, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0xfffe, 0xffff, 0xd800, 0xdfff])
      expect(textProblem(`a${String.fromCharCode(code)}b`), code.toString(16)).toBeDefined();
  });

  it('names every offending field, field names included, and refuses nesting past the limit', () => {
    expect(() => refuseUnfitText({ a: ['ok', 'x\u0000'], b: { 'c\u0007': 1 }, d: 'fine' })).toThrow(
      expect.objectContaining({
        details: { fields: { 'a[1]': expect.any(String), b: expect.stringMatching(/^has a field name/) } },
      }),
    );
    let deep: unknown = 'x';
    for (let level = 0; level < MAX_NESTING; level++) deep = [deep];
    expect(() => refuseUnfitText(deep)).not.toThrow();
    expect(() => refuseUnfitText([deep])).toThrow(
      expect.objectContaining({ details: { fields: { '(body)': expect.any(String) } } }),
    );
  });
});
