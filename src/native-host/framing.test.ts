import { describe, expect, it, vi } from 'vitest';
import { cpuMs } from '../../tooling/testing/cpu-time';
import { AriadneError } from '../core/errors';
import { ChunkAssembler, splitMessage } from './chunks';
import { encodeFrame, FrameDecoder, MAX_FRAME_BYTES, MAX_TO_BROWSER_BYTES } from './framing';
import { chunkMessageSchema } from './wire';

describe('native messaging framing', () => {
  it('writes a 4-byte little-endian length before the UTF-8 JSON body', () => {
    const frame = encodeFrame({ name: 'Zürich' });
    const body = Buffer.from('{"name":"Zürich"}', 'utf8');
    expect(frame.readUInt32LE(0)).toBe(body.length);
    expect(frame.subarray(4).equals(body)).toBe(true);
  });

  it('decodes frames split at every byte boundary and several frames in one chunk', () => {
    const stream = Buffer.concat([encodeFrame({ a: 1 }), encodeFrame(['x', 'ü']), encodeFrame('last')]);
    const decoder = new FrameDecoder();
    const seen: unknown[] = [];
    for (let i = 0; i < stream.length; i += 1) seen.push(...decoder.push(stream.subarray(i, i + 1)));
    expect(seen).toEqual([{ a: 1 }, ['x', 'ü'], 'last']);
    expect(decoder.pendingBytes).toBe(0);
    expect(new FrameDecoder().push(stream)).toEqual([{ a: 1 }, ['x', 'ü'], 'last']);
  });

  it('refuses a frame announcing more than the limit instead of buffering it', () => {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(2_000, 0);
    expect(() => new FrameDecoder(1_000).push(header)).toThrow(AriadneError);
  });

  it('refuses a frame above the default 64 MiB limit from its header alone, even a header split across chunks', () => {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(MAX_FRAME_BYTES + 1, 0);
    const decoder = new FrameDecoder();
    expect(decoder.push(header.subarray(0, 2))).toEqual([]);
    expect(() => decoder.push(header.subarray(2))).toThrow(/above the/);
  });

  it('decodes a 64 MiB frame fed in 64 KiB pieces in one pass (joining on every piece took a minute)', () => {
    // Just under the limit once framed: a JSON string of 'x's.
    const frame = encodeFrame('x'.repeat(MAX_FRAME_BYTES - 2));
    const piece = 64 * 1024;
    const decoder = new FrameDecoder();
    const seen: unknown[] = [];
    // Work counter: bytes copied by joining chunks. One join copies the frame once; joining on
    // every piece copied it ~512 times over (1,024 pieces), 32 GiB in all.
    let joined = 0;
    const join = Buffer.concat.bind(Buffer);
    const concat = vi.spyOn(Buffer, 'concat').mockImplementation((list, totalLength) => {
      joined += totalLength ?? list.reduce((sum, b) => sum + b.length, 0);
      return join(list, totalLength);
    });
    let ms: number;
    try {
      ms = cpuMs(() => {
        for (let i = 0; i < frame.length; i += piece) seen.push(...decoder.push(frame.subarray(i, i + piece)));
      });
    } finally {
      concat.mockRestore();
    }
    expect(seen).toHaveLength(1);
    expect(typeof seen[0] === 'string' && seen[0].length).toBe(MAX_FRAME_BYTES - 2);
    expect(decoder.pendingBytes).toBe(0);
    expect(joined).toBeLessThanOrEqual(2 * frame.length);
    // CPU time for any other quadratic path: one join and one parse take well under a second; the quadratic join took ~60 s.
    expect(ms).toBeLessThan(5_000);
  }, 60_000);

  it('refuses a body that is not JSON with invalid_arguments', () => {
    const body = Buffer.from('{nope', 'utf8');
    const header = Buffer.alloc(4);
    header.writeUInt32LE(body.length, 0);
    try {
      new FrameDecoder().push(Buffer.concat([header, body]));
      expect.unreachable();
    } catch (error) {
      expect(error instanceof AriadneError && error.code).toBe('invalid_arguments');
    }
  });

  it('will not encode a message above the outgoing limit', () => {
    expect(() => encodeFrame({ text: 'x'.repeat(2_000) }, 1_000)).toThrow(/split it first/);
  });
});

describe('splitting messages for the 1 MiB browser limit', () => {
  it('leaves a small message whole', () => {
    expect(splitMessage({ type: 'call', n: 1 }, 'k', MAX_TO_BROWSER_BYTES)).toEqual([{ type: 'call', n: 1 }]);
  });

  it('splits a 3 MB message into frames that each fit, and reassembles it exactly', () => {
    // Non-ASCII and a lone surrogate: the worst cases for bytes per character.
    const message = { type: 'call', arguments: { text: 'é€😀\ud800'.repeat(600_000) } };
    const parts = splitMessage(message, 'c1:7', MAX_TO_BROWSER_BYTES);
    expect(parts.length).toBeGreaterThan(1);
    const assembler = new ChunkAssembler();
    let whole: unknown;
    for (const part of parts) {
      expect(encodeFrame(part).length - 4).toBeLessThanOrEqual(MAX_TO_BROWSER_BYTES);
      whole = assembler.accept(chunkMessageSchema.parse(part));
    }
    expect(whole).toEqual(message);
    expect(assembler.openCount).toBe(0);
  });

  it('rejects chunks out of order', () => {
    const assembler = new ChunkAssembler();
    expect(() => assembler.accept({ type: 'chunk', chunkId: 'a', index: 1, count: 2, data: 'x' })).toThrow(/before chunk 0/);
    assembler.accept({ type: 'chunk', chunkId: 'b', index: 0, count: 3, data: '{' });
    expect(() => assembler.accept({ type: 'chunk', chunkId: 'b', index: 2, count: 3, data: '}' })).toThrow(/out of order/);
  });
});
