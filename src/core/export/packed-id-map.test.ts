import { describe, expect, it } from 'vitest';
import { errorCode } from '../../../tooling/testing/error-code';
import { asEntityId, asRelationshipId, fixedClock, randomIds } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import { mulberry32 } from '../random';
import { PackedIdMap } from './packed-id-map';

describe('PackedIdMap', () => {
  it('answers as a Map would for 200k random ids, across its growth and its chunks', () => {
    const clock = fixedClock(Date.UTC(2026, 5, 1));
    const file = randomIds(clock, mulberry32(1));
    const graph = randomIds(clock, mulberry32(2));
    const packed = new PackedIdMap(asEntityId);
    const plain = new Map<string, EntityId>();
    for (let i = 0; i < 200_000; i++) {
      if (i % 1000 === 0) clock.advance(1);
      const key = file.entity();
      const value = graph.entity();
      packed.set(key, value);
      plain.set(key, value);
    }
    expect(packed.size).toBe(plain.size);
    for (const [key, value] of plain) expect(packed.get(key)).toBe(value);
    // Ids never added, some one character away from added ones.
    const other = randomIds(clock, mulberry32(3));
    for (let i = 0; i < 10_000; i++) expect(packed.has(other.entity())).toBe(false);
    for (const key of [...plain.keys()].slice(0, 1000)) {
      expect(packed.has(`${key.slice(0, -1)}~`)).toBe(false);
      expect(packed.has(key.slice(0, -1))).toBe(false);
      expect(packed.has(`${key}0`)).toBe(false);
    }
    // ~50 bytes a pair of 18-character ids (the arena's 38 and the table's slots).
    expect(packed.bytes / packed.size).toBeLessThan(60);
  });

  it('a key set again points at its new value, and is counted once', () => {
    const map = new PackedIdMap(asRelationshipId);
    map.set('r_a', asRelationshipId('r_first') ?? fail());
    map.set('r_b', asRelationshipId('r_b') ?? fail());
    expect(map.marked('r_a')).toBe(false);
    map.set('r_a', asRelationshipId('r_a_much_longer_value_than_before') ?? fail(), true);
    expect(map.size).toBe(2);
    expect(map.marked('r_a')).toBe(true);
    expect(map.marked('r_b')).toBe(false);
    expect(map.marked('r_c')).toBe(false);
    expect(map.get('r_a')).toBe('r_a_much_longer_value_than_before');
    expect(map.get('r_b')).toBe('r_b');
    expect(map.get('r_c')).toBeUndefined();
  });

  it('keeps prefixes, shorter and longer keys apart (exact, not by hash)', () => {
    const map = new PackedIdMap(asEntityId);
    const ids = ['e_1', 'e_12', 'e_123', 'e_1234'];
    for (const id of ids) map.set(id, asEntityId(`${id}0`) ?? fail());
    for (const id of ids) expect(map.get(id)).toBe(`${id}0`);
    expect(map.has('e_')).toBe(false);
    expect(map.has('e_12345')).toBe(false);
  });

  it('refuses what is not an id with invalid_arguments', async () => {
    const map = new PackedIdMap(asEntityId);
    const id = asEntityId('e_1') ?? fail();
    expect(await errorCode(async () => map.set('e_é', id))).toBe('invalid_arguments');
    expect(await errorCode(async () => map.set('', id))).toBe('invalid_arguments');
    expect(await errorCode(async () => map.set(`e_${'x'.repeat(300)}`, id))).toBe('invalid_arguments');
    expect(await errorCode(async () => map.set('e 1', id))).toBe('invalid_arguments');
    expect(map.size).toBe(0);
    // Looking up anything is safe: it is just not there.
    expect(map.get('__proto__')).toBeUndefined();
    expect(map.has('e_é')).toBe(false);
  });

  it('past its chunks, set refuses with too_large and keeps what it held', async () => {
    const map = new PackedIdMap(asEntityId, 1);
    const id = asEntityId('e_graph_000001') ?? fail();
    let held = 0;
    const code = await errorCode(async () => {
      for (; held < 10_000; held++) map.set(`e_file_${held.toString().padStart(6, '0')}`, id);
    });
    expect(code).toBe('too_large');
    // One chunk of 64 KiB holds 2,259 records of 29 bytes (two lengths, a 13- and a 14-character id).
    expect(held).toBe(2259);
    expect(map.size).toBe(held);
    expect(map.get('e_file_000000')).toBe('e_graph_000001');
  });
});

function fail(): never {
  throw new Error('not an id');
}
