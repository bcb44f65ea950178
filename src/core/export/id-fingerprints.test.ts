import { describe, expect, it } from 'vitest';
import { IdFingerprints } from './id-fingerprints';

describe('IdFingerprints', () => {
  it('holds every id added, through its growth, and no id that was not', () => {
    const set = new IdFingerprints();
    const n = 200_000;
    for (let i = 0; i < n; i++) set.add(`e_${i.toString(36)}`);
    set.add('e_0'); // twice: counted once
    expect(set.size).toBe(n);
    let missing = 0;
    for (let i = 0; i < n; i++) if (!set.has(`e_${i.toString(36)}`)) missing++;
    expect(missing).toBe(0);
    // Never added: neighbours in spelling (another prefix, a suffix, a case change), and the empty id.
    let wrong = 0;
    for (let i = 0; i < n; i++) {
      const id = i.toString(36);
      if (set.has(`r_${id}`) || set.has(`e_${id}-`) || set.has(`E_${id}`)) wrong++;
    }
    expect(wrong).toBe(0);
    expect(set.has('')).toBe(false);
  });
});
