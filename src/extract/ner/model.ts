/**
 * The shipped model: hashed feature weights, tag transitions and the gazetteer,
 * quantized to integers with one scale, pruned of near-zero weights and packed into a
 * compact binary (sparse, delta + zig-zag varints) carried as base64 in a TS module,
 * so it loads the same way in the service worker and in Node.
 *
 * Layout (little endian): "ANER", version u8, bits u8, tags u8, bytes per weight u8 (1|2), scale f32,
 * transitions ((tags+1)·tags zig-zag varints), weight count u32 then (index delta,
 * value) varint pairs, gazetteer count u32 then (type bits u8, byte length varint, utf-8).
 */
import { InvalidArgumentsError } from '../../core/errors';
import type { LinearWeights } from './decode';
import { PhraseGazetteer } from './gazetteer';
import { TAG_COUNT } from './labels';

const MAGIC = [0x41, 0x4e, 0x45, 0x52]; // "ANER"
const VERSION = 1;
// Table sizes a model may declare: below 2^10 buckets nothing useful fits, above 2^24 the
// table (× 13 tags) would not fit in a browser extension.
const MIN_BITS = 10;
const MAX_BITS = 24;

export class NerModel implements LinearWeights {
  constructor(
    /** log2 of the bucket count of the feature table. */
    readonly bits: number,
    readonly weights: Float64Array | Int16Array | Int8Array,
    readonly transitions: Float64Array,
    /** Weight units → score units (1 for float weights). */
    readonly scale: number,
    readonly gazetteer: PhraseGazetteer,
  ) {}
}

/** How to shrink float weights for shipping. */
export interface QuantizeOptions {
  /** Largest |weight| maps to this integer (127 ≈ int8, up to 32767). */
  readonly levels: number;
  /** Quantized weights with |q| below this are dropped. */
  readonly pruneBelow: number;
}

/**
 * Quantizes a float model: `q = round(w / scale)` with `scale = max|w| / levels`.
 *
 * @example
 *   quantize(model, { levels: 127, pruneBelow: 1 }).weights instanceof Int8Array // true
 */
export function quantize(model: NerModel, options: QuantizeOptions): NerModel {
  let max = 0;
  for (const w of model.weights) max = Math.max(max, Math.abs(w));
  for (const w of model.transitions) max = Math.max(max, Math.abs(w));
  const levels = Math.min(32767, Math.max(1, Math.floor(options.levels)));
  const unit = max === 0 ? 1 : max / levels;
  // 127 levels or fewer fit in a byte: half the memory, and fewer cache misses when scoring.
  const weights = levels <= 127 ? new Int8Array(model.weights.length) : new Int16Array(model.weights.length);
  model.weights.forEach((w, i) => {
    const q = Math.round(w / unit);
    weights[i] = Math.abs(q) < options.pruneBelow ? 0 : q;
  });
  const transitions = model.transitions.map((w) => Math.round(w / unit));
  return new NerModel(model.bits, weights, transitions, unit * model.scale, model.gazetteer);
}

class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  length = 0;
  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b & 0xff;
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  u32(v: number): void {
    for (let i = 0; i < 4; i++) this.byte(v >>> (8 * i));
  }
  f32(v: number): void {
    const b = new Uint8Array(new Float32Array([v]).buffer);
    this.bytes(b);
  }
  varint(v: number): void {
    let x = v >>> 0;
    while (x >= 0x80) {
      this.byte((x & 0x7f) | 0x80);
      x >>>= 7;
    }
    this.byte(x);
  }
  zigzag(v: number): void {
    this.varint((v << 1) ^ (v >> 31));
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

class ByteReader {
  pos = 0;
  constructor(private readonly buf: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.buf.length) throw new InvalidArgumentsError('the NER model is truncated; retrain it with `npm run train:ner`');
    return this.buf[this.pos++] ?? 0;
  }
  u32(): number {
    let v = 0;
    for (let i = 0; i < 4; i++) v |= this.byte() << (8 * i);
    return v >>> 0;
  }
  f32(): number {
    const b = new Uint8Array(4);
    for (let i = 0; i < 4; i++) b[i] = this.byte();
    return new Float32Array(b.buffer)[0] ?? 0;
  }
  varint(): number {
    let v = 0;
    let shift = 0;
    for (;;) {
      const b = this.byte();
      v |= (b & 0x7f) << shift;
      if (b < 0x80) return v >>> 0;
      shift += 7;
      if (shift > 28) throw new InvalidArgumentsError('the NER model has a malformed number; retrain it with `npm run train:ner`');
    }
  }
  zigzag(): number {
    const v = this.varint();
    return (v >>> 1) ^ -(v & 1);
  }
  slice(n: number): Uint8Array {
    if (this.pos + n > this.buf.length) throw new InvalidArgumentsError('the NER model is truncated; retrain it with `npm run train:ner`');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}

/** Serializes a quantized model (weights must be integers). */
export function encodeModel(model: NerModel): Uint8Array {
  const w = new ByteWriter();
  for (const b of MAGIC) w.byte(b);
  w.byte(VERSION);
  w.byte(model.bits);
  w.byte(TAG_COUNT);
  w.byte(model.weights instanceof Int8Array ? 1 : 2);
  w.f32(model.scale);
  for (const t of model.transitions) w.zigzag(Math.round(t));
  let count = 0;
  for (const v of model.weights) if (v !== 0) count++;
  w.u32(count);
  let last = -1;
  model.weights.forEach((v, i) => {
    if (v === 0) return;
    w.varint(i - last - 1);
    w.zigzag(Math.round(v));
    last = i;
  });
  const entries = model.gazetteer.exportEntries();
  w.u32(entries.length);
  const enc = new TextEncoder();
  for (const [key, types] of entries) {
    const bytes = enc.encode(key);
    w.byte(types);
    w.varint(bytes.length);
    w.bytes(bytes);
  }
  return w.result();
}

/** Reads a model written by `encodeModel`; refuses anything else with a clear error. */
export function decodeModel(bytes: Uint8Array): NerModel {
  const r = new ByteReader(bytes);
  for (const b of MAGIC) {
    if (r.byte() !== b)
      throw new InvalidArgumentsError('this is not an Ariadne NER model (bad magic); retrain it with `npm run train:ner`');
  }
  const version = r.byte();
  const bits = r.byte();
  const tags = r.byte();
  const width = r.byte();
  if (version !== VERSION || tags !== TAG_COUNT || bits < MIN_BITS || bits > MAX_BITS || (width !== 1 && width !== 2)) {
    throw new InvalidArgumentsError(
      `the NER model (version ${version}, ${tags} tags, ${bits} bits) does not match this code (version ${VERSION}, ${TAG_COUNT} tags); retrain it with \`npm run train:ner\``,
    );
  }
  const scale = r.f32();
  const transitions = new Float64Array((TAG_COUNT + 1) * TAG_COUNT);
  for (let i = 0; i < transitions.length; i++) transitions[i] = r.zigzag();
  const size = (1 << bits) * TAG_COUNT;
  const weights = width === 1 ? new Int8Array(size) : new Int16Array(size);
  const count = r.u32();
  let index = -1;
  for (let k = 0; k < count; k++) {
    index += r.varint() + 1;
    if (index >= size) throw new InvalidArgumentsError('the NER model has a weight out of range; retrain it with `npm run train:ner`');
    weights[index] = r.zigzag();
  }
  const gazetteer = new PhraseGazetteer();
  const dec = new TextDecoder();
  const entries = r.u32();
  for (let k = 0; k < entries; k++) {
    const types = r.byte();
    const key = dec.decode(r.slice(r.varint()));
    gazetteer.addEntry(key, types);
  }
  return new NerModel(bits, weights, transitions, scale, gazetteer);
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (with padding), independent of Buffer/atob. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    chunk += (B64[n >> 18] ?? '') + (B64[(n >> 12) & 63] ?? '');
    chunk += i + 1 < bytes.length ? (B64[(n >> 6) & 63] ?? '') : '=';
    chunk += i + 2 < bytes.length ? (B64[n & 63] ?? '') : '=';
    if (chunk.length >= 4096) {
      parts.push(chunk);
      chunk = '';
    }
  }
  parts.push(chunk);
  return parts.join('');
}

const B64_INDEX: Int16Array = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) table[B64.charCodeAt(i)] = i;
  return table;
})();

export function fromBase64(text: string): Uint8Array {
  // The lookbehind starts the match only at the first `=` of the padding: linear, not retried inside a run.
  const clean = text.replace(/(?<!=)=+$/, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < clean.length; i += 4) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const code = clean.charCodeAt(i + k);
      const v = Number.isNaN(code) ? 0 : (B64_INDEX[code] ?? -1);
      if (v < 0) throw new InvalidArgumentsError('the NER model text is not base64; retrain it with `npm run train:ner`');
      n = (n << 6) | v;
    }
    if (o < out.length) out[o++] = (n >> 16) & 0xff;
    if (o < out.length) out[o++] = (n >> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}
