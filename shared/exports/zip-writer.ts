// A ZIP written as a stream with memory flat in the number of its entries (docs/archive.md "Why it is
// written here"): each entry is stored as its bytes come (CRC-32 and size in a data descriptor after
// them), and its central-directory record goes to a file on disk until the end, where it is streamed
// after the entries. The libraries that stream ZIPs (fflate, yazl, archiver) keep every entry's record
// in memory until the end, which grows with the entries. PKWARE APPNOTE 6.3.10: no ZIP64, so a ZIP
// past 65 535 entries or 4 GiB is refused, saying so, rather than written wrong.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { crc32 } from 'node:zlib';

const LIMIT = 0xffffffff;
const MAX_ENTRIES = 0xffff;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;

/** MS-DOS time and date, as ZIP entries carry them (two-second resolution, local fields of UTC here). */
function dosTime(at: Date): { time: number; date: number } {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1);
  const date = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

export class ZipTooLarge extends Error {}

export class ZipWriter {
  private offset = 0;
  private entries = 0;
  private directorySize = 0;
  private readonly directory;

  /** `directoryPath`: a file of its own, where the central directory waits until `end()`. */
  constructor(
    private readonly directoryPath: string,
    private readonly modified = new Date(),
  ) {
    this.directory = createWriteStream(directoryPath);
  }

  /** One stored entry: its local header, its bytes as they come, its data descriptor. */
  async *entry(name: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    if (this.entries === MAX_ENTRIES) throw new ZipTooLarge(`a ZIP holds at most ${MAX_ENTRIES} files without ZIP64`);
    const fileName = Buffer.from(name, 'utf8');
    const { time, date } = dosTime(this.modified);
    const header = Buffer.alloc(30 + fileName.length);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt16LE(fileName.length, 26);
    fileName.copy(header, 30);
    yield header;
    let crc = 0;
    let size = 0;
    for await (const chunk of chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    if (this.offset + header.length + size + 16 > LIMIT)
      throw new ZipTooLarge('a ZIP holds at most 4 GiB without ZIP64');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    await this.record(fileName, { time, date, crc, size });
    this.offset += header.length + size + descriptor.length;
    this.entries += 1;
  }

  /** The entry's central-directory record, onto the file that holds them until the end. */
  private async record(fileName: Buffer, entry: { time: number; date: number; crc: number; size: number }) {
    const record = Buffer.alloc(46 + fileName.length);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(entry.time, 12);
    record.writeUInt16LE(entry.date, 14);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.size, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(fileName.length, 28);
    record.writeUInt32LE(this.offset, 42);
    fileName.copy(record, 46);
    this.directorySize += record.length;
    if (!this.directory.write(record)) await once(this.directory, 'drain');
  }

  /** The central directory, streamed back from its file, and the end record. */
  async *end(): AsyncGenerator<Uint8Array> {
    this.directory.end();
    await once(this.directory, 'finish');
    if (this.offset + this.directorySize > LIMIT) throw new ZipTooLarge('a ZIP holds at most 4 GiB without ZIP64');
    yield* createReadStream(this.directoryPath) as AsyncIterable<Uint8Array>;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries, 8);
    end.writeUInt16LE(this.entries, 10);
    end.writeUInt32LE(this.directorySize, 12);
    end.writeUInt32LE(this.offset, 16);
    yield end;
  }
}
