// Structured creditor references, by shared/domain/payment-reference.ts, against the standards' own examples.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactReference,
  groupedReference,
  isOgmReference,
  isRfReference,
  mod97,
  ogmReference,
  paymentReferenceFor,
  referencesIn,
  rfReference,
} from '#shared/domain/payment-reference';

describe('payment references', () => {
  it('make the check digits of ISO 11649 and the Belgian OGM as their examples print them', () => {
    expect(rfReference('539007547034')).toBe('RF18539007547034');
    expect(groupedReference(rfReference('539007547034'))).toBe('RF18 5390 0754 7034');
    expect(ogmReference('0909337554')).toBe('090933755493');
    expect(groupedReference('090933755493')).toBe('+++090/9337/55493+++');
    // A base divisible by 97 takes 97, never 00.
    expect(ogmReference('0000000097')).toBe('000000009797');
  });

  it('take the remainder mod 97 of digits of any length as BigInt would', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,60}$/), (digits) => {
        expect(mod97(digits)).toBe(Number(BigInt(digits) % 97n));
      }),
    );
  });

  it('are accepted when made here, and refused with any one character changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), fc.nat(), fc.nat(9), (number, at, digit) => {
        for (const [scheme, valid] of [
          ['rf', isRfReference],
          ['be_ogm', isOgmReference],
        ] as const) {
          const reference = paymentReferenceFor(scheme, number)!;
          expect(valid(reference)).toBe(true);
          expect(valid(compactReference(groupedReference(reference).toLowerCase()))).toBe(true);
          const index = scheme === 'rf' ? 2 + (at % (reference.length - 2)) : at % reference.length;
          const changed = `${reference.slice(0, index)}${digit}${reference.slice(index + 1)}`;
          if (changed !== reference) expect(valid(changed)).toBe(false);
        }
      }),
    );
  });

  it('give none for the scheme none, and no two numbers the same reference', () => {
    expect(paymentReferenceFor('none', 1)).toBeNull();
    expect(paymentReferenceFor('rf', 1)).not.toBe(paymentReferenceFor('rf', 2));
    expect(() => paymentReferenceFor('rf', 0)).toThrow();
    expect(() => paymentReferenceFor('be_ogm', 10 ** 10)).toThrow();
  });
});

describe('references named by a transfer', () => {
  it('are found anywhere in the remittance, however spaced and cased, and only with their check digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999 }),
        fc.constantFrom('rf', 'be_ogm'),
        fc.boolean(),
        (number, scheme, lower) => {
          const reference = paymentReferenceFor(scheme as 'rf', number)!;
          const written = groupedReference(reference);
          const text = `Rechnung INV-000042 ${lower ? written.toLowerCase() : written} danke`;
          expect(referencesIn([text])).toContain(reference);
        },
      ),
    );
    const rf = paymentReferenceFor('rf', 42)!;
    const broken = `${rf.slice(0, 2)}${String((Number(rf.slice(2, 4)) + 1) % 100).padStart(2, '0')}${rf.slice(4)}`;
    expect(referencesIn([broken])).toEqual([]);
    expect(referencesIn(['+++090/9337/55494+++'])).toEqual([]);
    expect(referencesIn([groupedReference(rf).toLowerCase(), rf, '+++090/9337/55493+++'])).toEqual([
      rf,
      '090933755493',
    ]);
  });
});
