/**
 * Hostile page text for the adversarial tests and `bench:hostile`: long runs of every
 * Unicode white space and format character, of capitals, punctuation and anchor words,
 * alternations of them, each embedded after a name and before " is a firm." (the shape
 * that made relation patterns backtrack), and seeded random mixes. Deterministic.
 */

/** Every code point of `\p{White_Space}` (Unicode 15). */
export const WHITE_SPACE: readonly string[] = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  ' ',
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
];
/** Invisible format characters that sit between spaces (zero-width, joiners, BOM, soft hyphen). */
export const FORMAT_CHARS: readonly string[] = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u180e', '\u00ad'];

export interface AdversarialInput {
  readonly name: string;
  /** The class it belongs to (one line per class in `bench:hostile`). */
  readonly kind: string;
  /** The input at about `size` characters. */
  readonly make: (size: number) => string;
}

const HEAD = 'Acme';
const TAIL = ' is a firm.';

function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(Math.max(0, size) / unit.length)).slice(0, Math.max(0, size));
}

/** `unit` repeated to `size`, and the same run between a name and " is a firm.". */
function both(kind: string, name: string, unit: string): AdversarialInput[] {
  return [
    { name, kind, make: (size) => fill(unit, size) },
    {
      name: `Acme ${name} is a firm.`,
      kind: `${kind}, after a name`,
      make: (size) => `${HEAD}${fill(unit, size - HEAD.length - TAIL.length)}${TAIL}`,
    },
  ];
}

function hex(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Seeded PRNG (mulberry32): the same inputs on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces random inputs are built from: spaces, capitals, punctuation and anchor words. */
const PIECES: readonly string[] = [
  ...WHITE_SPACE,
  ...FORMAT_CHARS,
  'A',
  'Acme',
  'Acme Corp.',
  ',',
  '.',
  '. ',
  '—',
  '"',
  '“',
  '”',
  "'",
  '’s',
  '(',
  ')',
  'of',
  'the',
  'is',
  'was',
  'as',
  'a',
  'an',
  'CEO',
  'chief',
  'executive',
  'officer',
  'founder',
  'co-founder',
  'and',
  '&',
  'acquired',
  'by',
  'based',
  'in',
  'at',
  'subsidiary',
  'rival',
  'Inc.',
  'Mr.',
  '1996-08-31',
  'England',
];

function randomMix(seed: number): AdversarialInput {
  return {
    name: `random mix #${seed}`,
    kind: 'random mixes',
    make: (size) => {
      const next = mulberry32(seed);
      const parts: string[] = [];
      let length = 0;
      while (length < size) {
        const piece = PIECES[Math.floor(next() * PIECES.length)] ?? ' ';
        // Runs: a piece is repeated 1–64 times, so long runs of one kind appear.
        const run = piece.repeat(1 + Math.floor(next() ** 3 * 64));
        parts.push(run);
        length += run.length;
      }
      return parts.join('').slice(0, size);
    },
  };
}

/** Number of seeded random mixes. */
export const RANDOM_MIXES = 6;

/**
 * @example
 *   for (const input of adversarialInputs()) analyzeCapture(captureOf(input.make(200_000)), { recognizer });
 */
export function adversarialInputs(): AdversarialInput[] {
  const out: AdversarialInput[] = [];
  for (const c of WHITE_SPACE) out.push(...both('white space runs', `run of ${hex(c)}`, c));
  for (const c of FORMAT_CHARS) out.push(...both('format character runs', `run of ${hex(c)}`, c));
  out.push(...both('white space alternations', 'all white space, cycled', WHITE_SPACE.join('')));
  out.push(...both('white space alternations', 'space and zero-width space', ' \u200b'));
  out.push(...both('white space alternations', 'U+202F and comma', '\u202f,'));
  out.push(...both('white space alternations', 'comma and U+202F', ',\u202f'));
  out.push(...both('white space alternations', 'U+2028 is U+2029', '\u2028is\u2029'));
  out.push(...both('capitals', '"A A A"', 'A '));
  out.push(...both('capitals', '"AAAA"', 'A'));
  out.push(...both('capitals', '"Acme Acme"', 'Acme '));
  out.push(...both('capitals', '"A. A. A."', 'A. '));
  out.push(...both('punctuation', 'commas', ','));
  out.push(...both('punctuation', '". . ."', '. '));
  out.push(...both('punctuation', 'dashes', '—'));
  out.push(...both('punctuation', 'quotes', '"“”\''));
  out.push(...both('anchor words', '"of the"', 'of the '));
  out.push(...both('anchor words', '"is the"', 'is the '));
  out.push(...both('anchor words', '"Acme, CEO of"', 'Acme, CEO of '));
  out.push(...both('anchor words', '"Acme’s CEO"', 'Acme’s CEO '));
  out.push(...both('anchor words', '"founder and"', 'founder and '));
  out.push(...both('anchor words', '", and"', ', and '));
  out.push(...both('capitals', 'capitals and U+202F', 'A\u202f'));
  for (let seed = 1; seed <= RANDOM_MIXES; seed += 1) out.push(randomMix(seed));
  return out;
}

/**
 * The heaviest classes, the ones the analysis path is run on at full size (the white-space
 * runs fold to a few characters): the adversarial unit test bounds their CPU time, the perf
 * test their wall time.
 *
 * @example
 *   for (const input of heaviestInputs(adversarialInputs())) analyzeCapture(captureOf(input.make(200_000)), { recognizer });
 */
export function heaviestInputs(inputs: readonly AdversarialInput[]): AdversarialInput[] {
  return inputs.filter((i) =>
    /^(?:Acme )?(?:"A A A"|commas|dashes|"Acme, CEO of"|"Acme’s CEO"|capitals and U\+202F)|random mix #1$|run of U\+202F$/.test(i.name),
  );
}
