// A logo checked, decoded whole and written anew, in the document renderer: the one function that
// parses untrusted images, within its own time and memory. A damaged file is refused before it is
// stored, and every stored logo is one the PDF library reads safely (a PNG whose image data did not
// inflate made it loop forever).
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { validationError } from '#shared/domain/errors';
import { LOGO_LIMITS, type Logo, type LogoInfo } from '#shared/domain/logo';

/** JPEG quality of a re-encoded logo: no visible loss at the size a document prints it. */
const JPEG_QUALITY = 90;
const JPEG_LIMITS = {
  maxResolutionInMP: (LOGO_LIMITS.maxSide * LOGO_LIMITS.maxSide) / 1_000_000,
  maxMemoryUsageInMB: 64,
  // A damaged JPEG is refused, not decoded as far as it goes.
  tolerantDecoding: false,
};

const refused = (problem: string) => validationError({ logo: problem });

/**
 * A PNG decoded whole. pngjs's stream parser, not its sync one: the sync reader takes image data that
 * does not inflate as whatever memory it was given, and so passed a damaged file now and then.
 */
const decodePng = (bytes: Buffer) =>
  new Promise<PNG>((resolve, reject) =>
    new PNG().parse(bytes, (error, image) => (error ? reject(error) : resolve(image))),
  );

/** The logo's pixels encoded again (an 8-bit PNG, or a baseline RGB JPEG), with its description. */
export async function normalizedLogo(logo: Logo): Promise<{ logo: Logo; info: LogoInfo }> {
  const bytes = Buffer.from(logo.bytes);
  // The header first: its sides bound what decoding may allocate.
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    throw refused('is not a readable PNG or JPEG image');
  }
  const actual = size.type === 'png' ? 'image/png' : size.type === 'jpg' ? 'image/jpeg' : undefined;
  if (actual !== logo.content_type) throw refused(`is not a ${logo.content_type} image`);
  if (size.width > LOGO_LIMITS.maxSide || size.height > LOGO_LIMITS.maxSide)
    throw refused(`may be at most ${LOGO_LIMITS.maxSide} × ${LOGO_LIMITS.maxSide} pixels`);
  let image: { data: Uint8Array; width: number; height: number };
  let written: Buffer;
  try {
    if (logo.content_type === 'image/png') {
      const png = await decodePng(bytes);
      const opaque = png.data.every((value, index) => index % 4 !== 3 || value === 255);
      [image, written] = [png, PNG.sync.write(png, { colorType: opaque ? 2 : 6, deflateLevel: 9 })];
    } else {
      image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, ...JPEG_LIMITS });
      written = jpeg.encode(image, JPEG_QUALITY).data;
    }
  } catch {
    throw refused(`is a damaged ${logo.content_type === 'image/png' ? 'PNG' : 'JPEG'} image: it does not decode`);
  }
  if (written.length > LOGO_LIMITS.maxBytes)
    throw refused(`may be at most ${LOGO_LIMITS.maxBytes / 1024} KB once re-encoded; make it smaller`);
  return {
    logo: { content_type: logo.content_type, bytes: new Uint8Array(written) },
    info: { content_type: logo.content_type, size: written.length, width: image.width, height: image.height },
  };
}

/** Whether stored logo bytes decode whole: a logo stored before logos were decoded on arrival may not. */
export async function logoDecodes(logo: Logo): Promise<boolean> {
  try {
    const size = imageSize(Buffer.from(logo.bytes));
    if (size.width > LOGO_LIMITS.maxSide || size.height > LOGO_LIMITS.maxSide) return false;
    if (logo.content_type === 'image/png') await decodePng(Buffer.from(logo.bytes));
    else jpeg.decode(logo.bytes, { useTArray: true, ...JPEG_LIMITS });
    return true;
  } catch {
    return false;
  }
}
