/**
 * Native messaging framing: each message is a 4-byte little-endian length followed by
 * that many bytes of UTF-8 JSON. Chromium speaks it on the host's stdin/stdout; the
 * bridge reuses it on the Unix socket between the MCP server and the host, so one
 * codec serves both hops.
 */
import { AriadneError } from '../core/errors';

/** Chromium refuses host → browser messages above 1 MiB (documented limit). */
export const MAX_TO_BROWSER_BYTES = 1024 * 1024;
/** Chromium sends at most 64 MiB to a host; anything larger is a corrupt stream. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
const HEADER_BYTES = 4;

/**
 * Encodes one message as a frame.
 *
 * @example
 *   process.stdout.write(encodeFrame({ type: 'ready' }));
 */
export function encodeFrame(message: unknown, maxBytes = MAX_FRAME_BYTES): Buffer {
  const json = JSON.stringify(message);
  if (json === undefined) throw new AriadneError('invalid_arguments', 'Cannot frame a value that has no JSON form.');
  const body = Buffer.from(json, 'utf8');
  if (body.length > maxBytes) {
    throw new AriadneError(
      'invalid_arguments',
      `Message of ${body.length} bytes exceeds the ${maxBytes}-byte frame limit; split it first.`,
    );
  }
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(body.length, 0);
  return Buffer.concat([header, body]);
}

/**
 * Incremental decoder: feed it chunks as they arrive, get back whole messages.
 * A frame announcing more than `maxBytes`, or a body that is not JSON, throws: the
 * stream cannot be resynchronised, so the caller must drop the connection.
 *
 * @example
 *   const decoder = new FrameDecoder();
 *   stdin.on('data', (chunk) => decoder.push(chunk).forEach(handle));
 */
export class FrameDecoder {
  // Bytes received and not yet decoded, as the chunks arrived: joining them on every
  // push made a 64 MiB frame in 64 KiB pieces quadratic (about a minute of CPU, with
  // every other client of the host waiting). Chunks are joined once, when a frame is whole.
  private chunks: Buffer[] = [];
  private buffered = 0;
  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {}

  push(chunk: Buffer): unknown[] {
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    const messages: unknown[] = [];
    while (this.buffered >= HEADER_BYTES) {
      const length = this.peekHeader();
      // Checked from the header alone: an oversized frame is refused before its body is buffered.
      if (length > this.maxBytes) {
        throw new AriadneError('invalid_arguments', `Frame announces ${length} bytes, above the ${this.maxBytes}-byte limit.`);
      }
      if (this.buffered < HEADER_BYTES + length) break;
      const all = this.chunks.length === 1 && this.chunks[0] !== undefined ? this.chunks[0] : Buffer.concat(this.chunks, this.buffered);
      const body = all.subarray(HEADER_BYTES, HEADER_BYTES + length).toString('utf8');
      const rest = all.subarray(HEADER_BYTES + length);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.buffered = rest.length;
      try {
        messages.push(JSON.parse(body));
      } catch {
        throw new AriadneError('invalid_arguments', 'Frame body is not valid JSON.');
      }
    }
    return messages;
  }

  /** Bytes received but not yet part of a whole frame (a truncated stream if non-zero at end). */
  get pendingBytes(): number {
    return this.buffered;
  }

  /** The 4-byte length, read across chunk boundaries without joining the chunks. */
  private peekHeader(): number {
    const header = Buffer.alloc(HEADER_BYTES);
    let filled = 0;
    for (const chunk of this.chunks) {
      filled += chunk.copy(header, filled, 0, Math.min(chunk.length, HEADER_BYTES - filled));
      if (filled === HEADER_BYTES) break;
    }
    return header.readUInt32LE(0);
  }
}
