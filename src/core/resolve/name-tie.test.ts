import { describe, expect, it } from 'vitest';
import { isPartName, nameTie } from './name-tie';

const offPage = { pageNames: [], onPage: false };

describe('nameTie', () => {
  it('legal forms, case and punctuation make the same name', () => {
    expect(nameTie(['Quillon, Inc.'], ['Quillon'], offPage)).toBe('same_name');
    expect(nameTie(['QUILLON'], ['Tessaly', 'Quillon Ltd'], offPage)).toBe('same_name');
    // Any of the names the page gave the mention ties the whole group.
    expect(nameTie(['Brindle Works', 'Brindle'], ['Brindle Holdings'], offPage)).toBe('same_name');
  });

  it('a kind-of-business word, a web ending or a middle initial writes the same name longer', () => {
    expect(nameTie(['Quillon Systems'], ['Quillon'], offPage)).toBe('written_longer');
    expect(nameTie(['Quillon.io'], ['Quillon'], offPage)).toBe('written_longer');
    expect(nameTie(['Ada K. Okafor'], ['Ada Okafor'], offPage)).toBe('written_longer');
    // A digit is no initial, another word is another thing.
    expect(nameTie(['Zephyr 3 Max'], ['Zephyr Max'], offPage)).toBeUndefined();
    expect(nameTie(['Quillon Music'], ['Quillon'], offPage)).toBeUndefined();
    expect(nameTie(['K. Okafor'], ['Okafor'], offPage)).toBeUndefined();
  });

  it('words run together, a plural and a demonym are spellings of the name', () => {
    expect(nameTie(['BrindleWorks'], ['Brindle Works'], offPage)).toBe('spelling');
    expect(nameTie(['Flowgates'], ['Flowgate'], offPage)).toBe('spelling');
    expect(nameTie(['Swiss'], ['Switzerland'], offPage)).toBe('spelling');
    // Too short a stem for a plural; a plural keeps the name's letters as written.
    expect(nameTie(['Kes'], ['Ke'], offPage)).toBeUndefined();
    expect(nameTie(['grpcs'], ['GRPC'], offPage)).toBeUndefined();
  });

  it('a near spelling is no tie: one letter makes another short name', () => {
    expect(nameTie(['Zap'], ['Zapp'], { pageNames: ['Zap', 'Zapp'], onPage: true })).toBeUndefined();
    expect(nameTie(['Kelp'], ['Kelpo'], { pageNames: ['Kelp', 'Kelpo'], onPage: true })).toBeUndefined();
  });

  it('a one-letter slip in a long name ties only to an entity this page names', () => {
    const page = { pageNames: ['Marrowbrook', 'Marrowbrock'], onPage: true };
    expect(nameTie(['Marrowbrock'], ['Marrowbrook'], page)).toBe('slip');
    expect(nameTie(['Marrowbrock'], ['Marrowbrook'], { ...page, onPage: false })).toBeUndefined();
    // A digit more is another model, not a slip.
    expect(nameTie(['Zephyr 7 Pro'], ['Zephyr Pro'], { pageNames: ['Zephyr Pro', 'Zephyr 7 Pro'], onPage: true })).toBeUndefined();
  });

  it('a surname stands for the full name only where the page writes both', () => {
    const both = { pageNames: ['Ada Okafor', 'Okafor', 'Tessaly'], onPage: true, type: 'person' as const };
    expect(nameTie(['Okafor'], ['Ada Okafor'], both)).toBe('page');
    // Either way round: the entity known by the surname, the page giving the full name.
    expect(nameTie(['Ada Okafor'], ['Okafor'], both)).toBe('page');
    expect(nameTie(['Ms Okafor'], ['Ada Okafor'], { ...both, pageNames: ['Ada Okafor', 'Ms Okafor'] })).toBe('page');
    // Another page's full name: the surname alone does not stand for it.
    expect(nameTie(['Okafor'], ['Ada Okafor'], { pageNames: ['Okafor', 'Tessaly'], onPage: false, type: 'person' })).toBeUndefined();
    // Two Okafors on the page: the surname stands for neither.
    expect(nameTie(['Okafor'], ['Ada Okafor'], { ...both, pageNames: ['Ada Okafor', 'Ben Okafor', 'Okafor'] })).toBeUndefined();
    // The full name written, the surname not: nothing ties an entity known only as "Okafor".
    expect(nameTie(['Ada Okafor'], ['Okafor'], { pageNames: ['Ada Okafor'], onPage: false, type: 'person' })).toBeUndefined();
  });

  it('an acronym stands for its long name where the page writes both', () => {
    const page = { pageNames: ['Northwind Analytics Partners', 'NAP'], onPage: true };
    expect(nameTie(['NAP'], ['Northwind Analytics Partners'], page)).toBe('page');
    expect(nameTie(['NAP'], ['Northwind Analytics Partners'], { pageNames: ['NAP'], onPage: false })).toBeUndefined();
  });
});

describe('isPartName', () => {
  it('a surname, a first name, a title and surname are parts; a longer or other name is not', () => {
    expect(isPartName('Okafor', 'Ada Okafor')).toBe(true);
    expect(isPartName('Ada', 'Ada Okafor')).toBe(true);
    expect(isPartName('Ms. Okafor', 'Ada Okafor')).toBe(true);
    expect(isPartName('Ada K. Okafor', 'Ada Okafor')).toBe(false);
    expect(isPartName('Ben Okafor', 'Ada Okafor')).toBe(false);
    expect(isPartName('Ada Okafor', 'Ada Okafor')).toBe(false);
  });
});
