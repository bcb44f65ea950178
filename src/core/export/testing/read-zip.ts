/**
 * Test support: reads a ZIP file written with STOREd entries, checking each central
 * directory record against its local header and each file's CRC-32, so an export test
 * can look at the notes file by file. Throws on anything it cannot read.
 *
 * @example for (const f of readStoredZip(bytes)) console.log(f.name, f.text.length);
 */
import { crc32 } from '../zip';

export interface ZippedFile {
  readonly name: string;
  readonly text: string;
}

function fail(message: string): never {
  throw new Error(`not a readable ZIP file: ${message}`);
}

export function readStoredZip(bytes: Uint8Array): ZippedFile[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) fail('no end-of-central-directory record at the end');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files: ZippedFile[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) fail(`central record ${i} has no signature`);
    if ((view.getUint16(at + 8, true) & 0x0800) === 0) fail(`entry ${i}: names are not flagged UTF-8`);
    if (view.getUint16(at + 10, true) !== 0) fail(`entry ${i} is compressed`);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(local, true) !== 0x04034b50) fail(`${name}: no local header`);
    if (decoder.decode(bytes.subarray(local + 30, local + 30 + nameLength)) !== name) fail(`${name}: local and central names differ`);
    const data = bytes.subarray(local + 30 + nameLength, local + 30 + nameLength + size);
    if (crc32(data) !== crc) fail(`${name}: CRC-32 mismatch`);
    files.push({ name, text: decoder.decode(data) });
    at += 46 + nameLength;
  }
  return files;
}
