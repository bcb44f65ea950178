/**
 * A minimal ZIP writer (PKWARE APPNOTE 6.3): every file STOREd (no compression), names
 * in UTF-8 (general-purpose flag bit 11), a CRC-32 per file, then the central directory
 * and its end record. Enough for a folder of notes that any unzip tool and Obsidian's
 * vault import read; no dependency. Sizes stay under 4 GiB (no ZIP64): a file or archive
 * past that is refused.
 *
 * @example
 *   const bytes = zipStore([{ name: 'Notes/Stripe.md', data: utf8('# Stripe\n') }], { modifiedAt: Date.now() });
 */
import { InvalidArgumentsError } from '../errors';

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, no leading `/`. */
  readonly name: string;
  readonly data: Uint8Array;
}

/** Files in one archive at most: the end record counts them in 16 bits. */
export const MAX_ZIP_ENTRIES = 0xffff;
/** Bytes an archive may reach without ZIP64 fields. */
const MAX_ZIP_BYTES = 0xffffffff;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** "Version needed to extract": 2.0, the lowest for folders in names. */
const VERSION = 20;
/** General-purpose flags: bit 11, names are UTF-8. */
const UTF8_NAMES = 0x0800;

const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 (IEEE 802.3, the one ZIP uses) of `data`.
 *
 * @example crc32(new TextEncoder().encode('123456789')) // 0xcbf43926
 */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date of a local time (2-second steps, years 1980–2107). */
function dosDateTime(at: number): { readonly time: number; readonly date: number } {
  const d = new Date(at);
  const year = Math.min(2107, Math.max(1980, d.getFullYear()));
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** A little-endian byte writer over one growing buffer. */
class Bytes {
  private buffer: Uint8Array<ArrayBuffer> = new Uint8Array(1024);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }
  u16(v: number): void {
    this.reserve(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
  }
  u32(v: number): void {
    this.reserve(4);
    this.view.setUint32(this.length, v >>> 0, true);
    this.length += 4;
  }
  bytes(data: Uint8Array): void {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }
  done(): Uint8Array<ArrayBuffer> {
    return this.buffer.slice(0, this.length);
  }
}

/** Refuses what the format (without ZIP64) cannot hold, and names an unzip tool would place outside its folder. */
function checkEntries(entries: readonly ZipEntry[]): void {
  if (entries.length > MAX_ZIP_ENTRIES)
    throw new InvalidArgumentsError(`A ZIP file holds at most ${MAX_ZIP_ENTRIES} files; this one would hold ${entries.length}.`);
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (name.length === 0 || name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '')) {
      throw new InvalidArgumentsError(`"${name.slice(0, 80)}" is not a relative file path for a ZIP file.`);
    }
    if (seen.has(name)) throw new InvalidArgumentsError(`"${name.slice(0, 80)}" is in the ZIP file twice.`);
    seen.add(name);
  }
}

/**
 * The archive of `entries`, in their order, all dated `modifiedAt` (local time).
 * Throws `InvalidArgumentsError` for more than 65,535 files, an archive past 4 GiB,
 * or a path that is absolute, empty, repeated or climbs out with `..`.
 */
export function zipStore(entries: readonly ZipEntry[], options: { readonly modifiedAt: number }): Uint8Array<ArrayBuffer> {
  checkEntries(entries);
  const { time, date } = dosDateTime(options.modifiedAt);
  const encoder = new TextEncoder();
  const out = new Bytes();
  const central = new Bytes();
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const crc = crc32(entry.data);
    const offset = out.length;
    if (offset + entry.data.length + name.length + 30 > MAX_ZIP_BYTES)
      throw new InvalidArgumentsError('The ZIP file would be larger than 4 GiB; export fewer notes.');
    // Local file header, then the data.
    out.u32(LOCAL_HEADER);
    for (const v of [VERSION, UTF8_NAMES, 0, time, date]) out.u16(v);
    for (const v of [crc, entry.data.length, entry.data.length]) out.u32(v);
    for (const v of [name.length, 0]) out.u16(v);
    out.bytes(name);
    out.bytes(entry.data);
    // Its central directory record.
    central.u32(CENTRAL_HEADER);
    for (const v of [VERSION, VERSION, UTF8_NAMES, 0, time, date]) central.u16(v);
    for (const v of [crc, entry.data.length, entry.data.length]) central.u32(v);
    for (const v of [name.length, 0, 0, 0, 0]) central.u16(v);
    for (const v of [0, offset]) central.u32(v);
    central.bytes(name);
  }
  const directoryOffset = out.length;
  const directory = central.done();
  if (directoryOffset + directory.length + 22 > MAX_ZIP_BYTES)
    throw new InvalidArgumentsError('The ZIP file would be larger than 4 GiB; export fewer notes.');
  out.bytes(directory);
  out.u32(END_OF_CENTRAL_DIRECTORY);
  for (const v of [0, 0, entries.length, entries.length]) out.u16(v);
  for (const v of [directory.length, directoryOffset]) out.u32(v);
  out.u16(0);
  return out.done();
}
