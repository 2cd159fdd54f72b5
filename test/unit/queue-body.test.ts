// Queue bodies carry any text: what JSON.parse reads back is the same value, and every character of
// the body is one that SQS (and the BMP-only local emulator) accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queueBody } from '#shared/aws/queue-body';

/** SQS's allowed characters, less everything outside the Basic Multilingual Plane. */
const ACCEPTED = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd]*$/;

describe('queue bodies', () => {
  it('round-trip every Unicode string (lone surrogates, noncharacters too) in characters every queue accepts', () => {
    const anyText = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\ud800', '\udfff', '\ufffe', '\uffff', '\u0000', '\u202e', '😀'),
        fc.string({ unit: 'grapheme', maxLength: 1 }),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
    });
    fc.assert(
      fc.property(fc.dictionary(anyText, anyText), anyText, (object, text) => {
        const message = { object, text, nested: [text, { text }] };
        const body = queueBody(message);
        expect(body).toMatch(ACCEPTED);
        expect(JSON.parse(body)).toEqual(message);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves text SQS accepts as it is, so bodies grow only where they must', () => {
    expect(queueBody({ name: 'Łódź Café ✓ 中文' })).toBe('{"name":"Łódź Café ✓ 中文"}');
    expect(queueBody({ name: '😀' })).toBe('{"name":"\\ud83d\\ude00"}');
  });
});
