/**
 * A map of ids to ids held as bytes: what a merge import in parts carries from part to
 * part (the file's entity and relationship ids to the graph's, `ImportCarry`), 3M pairs at
 * 1M entities. Each pair is one record in a byte arena (key length, value length and a mark
 * bit, then the characters, one byte each) cut into 64 KiB chunks, found through an open-addressing table
 * of record offsets (a `Uint32Array`, at most 70% full, linear probing). 48–51 bytes a pair of
 * 18-character ids, against 199–209 for a `Map<string, string>` of the same ids
 * (bench/scale/carry.bench.ts at 1M and 3M); no string is kept, so nothing holds the parsed file.
 *
 * Exact: a key is compared character by character, never by a hash alone. Keys and
 * values are ids (`[a-z0-9_-]`, at most 69 characters, checked by the export's schema):
 * anything else is refused with `InvalidArgumentsError`.
 *
 * @example
 *   const carry = new PackedIdMap(asEntityId);
 *   carry.set('e_file1', asEntityId('e_graph7'));
 *   carry.get('e_file1'); // 'e_graph7'
 */
import { InvalidArgumentsError, TooLargeError } from '../errors';

/** Largest share of slots in use before the table doubles (linear probing stays short below it). */
const MAX_LOAD = 0.7;
const FIRST_SLOTS = 1024;
/**
 * Arena chunk size, 64 KiB: a doubling array would copy (and briefly hold twice) ~130 MB at
 * 3M pairs; a small map (a one-shot import) holds one chunk.
 */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
/** Chunks at most: a record's offset + 1 must fit the table's 32-bit slots (4 GiB, ~100M pairs). */
const MAX_CHUNKS = 2 ** (32 - CHUNK_BITS) - 1;
/** Longest key or value kept (an id is at most 69 characters; a length is 7 bits of a byte). */
const MAX_ID_LENGTH = 127;
/** The value length byte's high bit: the pair is marked (`set(…, true)`). */
const MARK = 0x80;

/** Stored bytes back to characters (every one is ASCII: `checkId`); 4× faster than `fromCharCode(...bytes)`. */
const ASCII = new TextDecoder('latin1');

const FNV_OFFSET = 0x811c9dc5;
const fnvStep = (h: number, c: number): number => Math.imul(h ^ c, 0x01000193);

/** The FNV-1a hash finished by a mixer (ids share long prefixes: the low bits must depend on every character). */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashOf(text: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) h = fnvStep(h, text.charCodeAt(i));
  return mix(h);
}

function checkId(text: string, what: string): void {
  if (text.length === 0 || text.length > MAX_ID_LENGTH || !/^[\x21-\x7e]+$/.test(text))
    throw new InvalidArgumentsError(`The ${what} "${text.slice(0, 80)}" is not an id (1–${MAX_ID_LENGTH} printable ASCII characters).`);
}

export class PackedIdMap<V extends string> {
  private readonly chunks: Uint8Array[] = [];
  /** Write position in the last chunk (a full one until the first write). */
  private end = CHUNK;
  /** Record offset + 1 of each slot (0: empty). */
  private slots = new Uint32Array(FIRST_SLOTS);
  private used = 0;

  /**
   * @param parse turns a stored value back into its id type (e.g. `asEntityId`); a value it refuses reads as absent.
   * @param maxChunks 64 KiB chunks at most (default: what 32-bit offsets reach); past them `set` throws `too_large`.
   */
  constructor(
    private readonly parse: (raw: string) => V | undefined,
    private readonly maxChunks = MAX_CHUNKS,
  ) {}

  /** Keys held. */
  get size(): number {
    return this.used;
  }

  /** Bytes held: the arena's chunks and the slot table. */
  get bytes(): number {
    return this.chunks.length * CHUNK + this.slots.byteLength;
  }

  has(key: string): boolean {
    return this.find(key) !== 0;
  }

  get(key: string): V | undefined {
    const at = this.find(key);
    if (at === 0) return undefined;
    const offset = at - 1;
    const chunk = this.chunkAt(offset);
    const pos = offset & (CHUNK - 1);
    const keyLength = chunk[pos] ?? 0;
    const start = pos + 2 + keyLength;
    return this.parse(ASCII.decode(chunk.subarray(start, start + ((chunk[pos + 1] ?? 0) & ~MARK))));
  }

  /** Whether `key` was last set with `mark` true (false when absent). */
  marked(key: string): boolean {
    const at = this.find(key);
    if (at === 0) return false;
    const offset = at - 1;
    return ((this.chunkAt(offset)[(offset & (CHUNK - 1)) + 1] ?? 0) & MARK) !== 0;
  }

  /**
   * Maps `key` to `value`, with one bit of its own (`mark`, e.g. "created by this import").
   * A key already held is repointed to a new record (the old one stays as dead bytes).
   */
  set(key: string, value: V, mark = false): this {
    checkId(key, 'key');
    checkId(value, 'value');
    const at = this.write(key, value, mark) + 1;
    const mask = this.slots.length - 1;
    for (let i = hashOf(key) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i] ?? 0;
      if (slot === 0) {
        this.slots[i] = at;
        this.used++;
        if (this.used > this.slots.length * MAX_LOAD) this.grow();
        return this;
      }
      if (this.keyAt(slot - 1, key)) {
        this.slots[i] = at;
        return this;
      }
    }
  }

  /** The slot's record offset + 1 holding `key`, or 0. */
  private find(key: string): number {
    const mask = this.slots.length - 1;
    for (let i = hashOf(key) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i] ?? 0;
      if (slot === 0 || this.keyAt(slot - 1, key)) return slot;
    }
  }

  private chunkAt(offset: number): Uint8Array {
    const chunk = this.chunks[offset >>> CHUNK_BITS];
    if (chunk === undefined) throw new Error(`PackedIdMap: no chunk for offset ${offset}`);
    return chunk;
  }

  private keyAt(offset: number, key: string): boolean {
    const chunk = this.chunkAt(offset);
    const pos = offset & (CHUNK - 1);
    if (chunk[pos] !== key.length) return false;
    for (let i = 0; i < key.length; i++) if (chunk[pos + 2 + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  /** Appends a record; returns its offset. A record never straddles two chunks. */
  private write(key: string, value: string, mark: boolean): number {
    const length = 2 + key.length + value.length;
    if (this.end + length > CHUNK) {
      if (this.chunks.length >= Math.min(this.maxChunks, MAX_CHUNKS))
        throw new TooLargeError(`More ids than an import can map (${this.used} held): import the file in smaller exports.`);
      this.chunks.push(new Uint8Array(CHUNK));
      this.end = 0;
    }
    const base = (this.chunks.length - 1) * CHUNK;
    const chunk = this.chunkAt(base);
    const pos = this.end;
    chunk[pos] = key.length;
    chunk[pos + 1] = value.length | (mark ? MARK : 0);
    for (let i = 0; i < key.length; i++) chunk[pos + 2 + i] = key.charCodeAt(i);
    for (let i = 0; i < value.length; i++) chunk[pos + 2 + key.length + i] = value.charCodeAt(i);
    this.end += length;
    return base + pos;
  }

  private grow(): void {
    const slots = new Uint32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (const at of this.slots) {
      if (at === 0) continue;
      const offset = at - 1;
      const chunk = this.chunkAt(offset);
      const pos = offset & (CHUNK - 1);
      // The key's hash from its stored bytes (the same characters `hashOf` read).
      let h = FNV_OFFSET;
      const keyLength = chunk[pos] ?? 0;
      for (let k = 0; k < keyLength; k++) h = fnvStep(h, chunk[pos + 2 + k] ?? 0);
      let i = mix(h) & mask;
      while ((slots[i] ?? 0) !== 0) i = (i + 1) & mask;
      slots[i] = at;
    }
    this.slots = slots;
  }
}
