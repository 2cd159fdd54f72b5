// Images for the logo tests: good ones of a given size, and a PNG damaged where a decoder must notice.
import { crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** An opaque PNG of one grey. */
export const pngOf = (width: number, height: number) => {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
};

/** A baseline JPEG of one grey. */
export const jpegOf = (width: number, height: number) =>
  jpeg.encode({ data: Buffer.alloc(width * height * 4, 120), width, height }, 80).data;

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
};

/** A PNG whose header and checksums are right and whose image data is not zlib: it made the PDF library loop. */
export const damagedPng = () => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(64, 4);
  header.set([8, 6], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from('not zlib at all, only bytes')),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
