// A logo is decoded whole before it is stored: a damaged one is refused every time, not now and then.
import { describe, expect, it } from 'vitest';
import { logoDecodes, normalizedLogo } from '#shared/documents/logo-image';
import { damagedPng, jpegOf, pngOf as png } from '#test/support/images';

describe('a logo', () => {
  it('whose PNG image data does not inflate is refused every time, and counts as not decoding', async () => {
    for (let attempt = 0; attempt < 25; attempt++) {
      await expect(normalizedLogo({ content_type: 'image/png', bytes: damagedPng() })).rejects.toMatchObject({
        details: { fields: { logo: 'is a damaged PNG image: it does not decode' } },
      });
      expect(await logoDecodes({ content_type: 'image/png', bytes: damagedPng() })).toBe(false);
    }
  });

  it('is written anew with its size in pixels, PNG or JPEG', async () => {
    const written = await normalizedLogo({ content_type: 'image/png', bytes: png(40, 20) });
    expect(written.info).toMatchObject({ content_type: 'image/png', width: 40, height: 20 });
    expect(await logoDecodes(written.logo)).toBe(true);
    const photo = jpegOf(30, 10);
    expect((await normalizedLogo({ content_type: 'image/jpeg', bytes: photo })).info).toMatchObject({
      width: 30,
      height: 10,
    });
  });

  it('cut short, of another type than declared, or larger than allowed is refused', async () => {
    const cases: [Uint8Array, 'image/png' | 'image/jpeg', RegExp][] = [
      [png(200, 200).subarray(0, 80), 'image/png', /damaged PNG/],
      [png(10, 10), 'image/jpeg', /is not a image\/jpeg image/],
      [png(2001, 1), 'image/png', /at most 2000 × 2000 pixels/],
    ];
    for (const [bytes, type, problem] of cases)
      await expect(normalizedLogo({ content_type: type, bytes })).rejects.toMatchObject({
        details: { fields: { logo: expect.stringMatching(problem) } },
      });
  });
});
