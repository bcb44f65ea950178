/**
 * Splitting and reassembling messages too large for one native messaging frame.
 * Chromium drops host → browser messages above 1 MiB, so a tool call with large
 * arguments travels as `chunk` messages that the extension puts back together.
 * Pure (no Node, no browser): the host splits, the service worker reassembles.
 */
import { AriadneError } from '../core/errors';
import type { ChunkMessage } from './wire';

/** Room left for the chunk envelope (type, ids, counters) inside one frame. */
const ENVELOPE_BYTES = 512;
/** Worst case bytes per UTF-16 unit once JSON-escaped (a lone surrogate → `\udxxx`). */
const MAX_BYTES_PER_UNIT = 6;
/** Reassembled messages above this are refused: no tool takes 16 MiB of arguments. */
export const MAX_ASSEMBLED_CHARS = 16 * 1024 * 1024;
/** Unfinished reassemblies kept at once; older ones are dropped. */
const MAX_OPEN_ASSEMBLIES = 8;

/**
 * Returns `[message]` when its JSON fits `maxBytes`, otherwise chunk messages that each
 * fit. `chunkId` must be unique among the sender's open splits.
 *
 * @example
 *   for (const part of splitMessage(call, 'c1:4', MAX_TO_BROWSER_BYTES)) port.send(part);
 */
export function splitMessage(message: unknown, chunkId: string, maxBytes: number): unknown[] {
  const json = JSON.stringify(message);
  if (new TextEncoder().encode(json).length <= maxBytes) return [message];
  const unitsPerChunk = Math.floor((maxBytes - ENVELOPE_BYTES) / MAX_BYTES_PER_UNIT);
  if (unitsPerChunk < 1) throw new AriadneError('invalid_arguments', `Frame limit ${maxBytes} is too small to split into.`);
  const count = Math.ceil(json.length / unitsPerChunk);
  const parts: ChunkMessage[] = [];
  for (let index = 0; index < count; index += 1) {
    parts.push({ type: 'chunk', chunkId, index, count, data: json.slice(index * unitsPerChunk, (index + 1) * unitsPerChunk) });
  }
  return parts;
}

/**
 * Collects chunks and returns the original message once all parts arrived (in order;
 * native messaging preserves order). Bounded in size and in open reassemblies.
 *
 * @example
 *   const whole = assembler.accept(chunk); if (whole !== undefined) handle(whole);
 */
export class ChunkAssembler {
  private readonly open = new Map<string, { count: number; parts: string[]; chars: number }>();

  accept(chunk: ChunkMessage): unknown {
    let entry = this.open.get(chunk.chunkId);
    if (entry === undefined) {
      if (chunk.index !== 0)
        throw new AriadneError('invalid_arguments', `Chunk ${chunk.index} of ${chunk.chunkId} arrived before chunk 0.`);
      entry = { count: chunk.count, parts: [], chars: 0 };
      this.open.set(chunk.chunkId, entry);
      this.evictOldest();
    }
    if (chunk.index !== entry.parts.length || chunk.count !== entry.count) {
      this.open.delete(chunk.chunkId);
      throw new AriadneError('invalid_arguments', `Chunk ${chunk.index}/${chunk.count} of ${chunk.chunkId} is out of order.`);
    }
    entry.chars += chunk.data.length;
    if (entry.chars > MAX_ASSEMBLED_CHARS) {
      this.open.delete(chunk.chunkId);
      throw new AriadneError(
        'invalid_arguments',
        `Message ${chunk.chunkId} exceeds ${MAX_ASSEMBLED_CHARS} characters; send less data per call.`,
      );
    }
    entry.parts.push(chunk.data);
    if (entry.parts.length < entry.count) return undefined;
    this.open.delete(chunk.chunkId);
    try {
      return JSON.parse(entry.parts.join(''));
    } catch {
      throw new AriadneError('invalid_arguments', `Reassembled message ${chunk.chunkId} is not valid JSON.`);
    }
  }

  get openCount(): number {
    return this.open.size;
  }

  private evictOldest(): void {
    while (this.open.size > MAX_OPEN_ASSEMBLIES) {
      const oldest = this.open.keys().next();
      if (oldest.done === true) return;
      this.open.delete(oldest.value);
    }
  }
}
