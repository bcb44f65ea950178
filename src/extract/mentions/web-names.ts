/**
 * The web's names on top of any recognizer: the compiled typed lists
 * (`gazetteer/known-names.ts`) type the mentions the model found and add the listed
 * names it missed; context cues (`type-cues.ts`) override both; one-word common words
 * capitalized only at the start of a line are dropped (`common-words.ts`); and a type
 * settled by a list or a cue holds for every mention of the same name on the page
 * (document-level consistency).
 */
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { lowerCaseCodeNames } from './code-names';
import { isEverydayWord, isRareName, WordUse } from '../words/common-words';
import { findKnownNames, type KnownCode, type KnownSpan } from '../gazetteer/known-names';
import { tokenize, type Token } from '../ner/tokenize';
import { FIRST_NAMES, LEGAL_SUFFIXES, ORG_KEYWORDS, PERSON_ROLE_WORDS, PERSON_TITLES } from '../rules/lexicon/cues';
import type { EntityRecognizer } from './recognizer';
import {
  cueType,
  headType,
  institutionType,
  isLawHead,
  isLocationHead,
  orgContextType,
  serviceNounType,
  serviceUseType,
  weakCueType,
} from './type-cues';

/** Score of a listed name: as sure as the rule recognizer's gazetteer hits, so one mention is kept. */
export const KNOWN_SCORE = 0.9;
/** Score of a cue-typed name: a cue is explicit, but the span it found may be a word off. */
export const CUE_SCORE = 0.85;
/** Score of a name a weak cue typed ("CORS headers"): enough to keep it, below the sure scores. */
const WEAK_CUE_SCORE = 0.7;
/** Summed confidence of a one-word name used alone as a brand before its "X Y" person names become products (about two sure mentions). */
const BRAND_MIN_VOTE = 1.5;
/** Longest "brand + line" product name, in words ("Firefox Developer Edition" is 3). */
const MAX_BRAND_LINE_WORDS = 4;
/** Organization words the rule lexicon lacks, after which "Brand X" is a unit of the company. */
const ORG_WORDS_EXTRA = new Set(['Research', 'Partners', 'Holdings', 'Company', 'Foundation', 'Initiative', 'Team', 'Cloud']);
/** Distinct listed technologies in the text that make it a technical page (a docs page or an engineering post names many). */
const TECH_PAGE_NAMES = 2;

/**
 * A technical page names at least `TECH_PAGE_NAMES` listed technologies, and more of them than
 * listed companies: business news about tech firms ("… said Google, whose Android and
 * JavaScript …") names as many firms. A listed technology written as an English word
 * ("Just", "Click", "Spring") or as a word the page writes in lower case says nothing.
 */
function isTechnicalPage(known: readonly KnownSpan[], use: WordUse): boolean {
  const technologies = new Set<string>();
  const companies = new Set<string>();
  for (const k of known) {
    if (k.code === 'c') companies.add(k.text);
    else if (k.code === 't' && !(/^\p{Lu}\p{Ll}+$/u.test(k.text) && (isEverydayWord(k.text.toLowerCase()) || use.writesLower(k.text))))
      technologies.add(k.text);
  }
  return technologies.size >= TECH_PAGE_NAMES && technologies.size > companies.size;
}
/** Below this score a model or rule "company" is a guess from the capitals alone (the rules' unknown names score 0.55). */
const UNSURE_SCORE = 0.6;

/**
 * One word in programmers' camel case, lower then upper inside ("XMLHttpRequest", "WebFinger",
 * "IOUtils", "NetLog"): on a technical page, such a name guessed a company is an API, a tool or
 * a protocol far more often than a firm.
 */
export function isIdentifierShaped(name: string): boolean {
  return /^\p{L}+$/u.test(name) && /\p{Ll}\p{Lu}/u.test(name) && /^\p{Lu}/u.test(name);
}
/**
 * A one-word name that on a technical page is a technology rather than a firm when nothing
 * but the capitals said "company": programmers' camel case ("NetLog"), or an acronym ("SPDY",
 * "APK") or a single capitalized word ("Deflate", "Workqueue") the recognizers were unsure of.
 */
function isTechnicalShape(name: string): boolean {
  return isIdentifierShaped(name) || (/^\p{Lu}[\p{L}\p{N}]*$/u.test(name) && !/^\p{Lu}{2,}s$/u.test(name));
}
/** Capitalized tokens a cue-found name spans at most ("Unreal Engine framework" → 2). */
const MAX_CUE_NAME_TOKENS = 3;

/**
 * @example
 *   const recognizer = withWebNames(createTrainedRecognizer() ?? createRuleRecognizer());
 */
export function withWebNames(base: EntityRecognizer, fallback?: EntityRecognizer, options: WebNameOptions = {}): EntityRecognizer {
  return {
    name: `${base.name}+web-names`,
    recognize: (text, recognizeOptions) => {
      const found = base.recognize(text, recognizeOptions);
      if (fallback === undefined) return refineMentions(text, found);
      const extra = fallback.recognize(text, recognizeOptions);
      const shaped = options.shapedFallback === false ? extra : extra.filter((m) => nameShaped(m.text));
      return refineMentions(
        text,
        fillGaps(
          found,
          shaped.map((m) => ({ ...m, fallback: true as const })),
        ),
      );
    },
  };
}

export interface WebNameOptions {
  /** The fallback fills the model's gaps only with name-shaped mentions (`nameShaped`); default true (rule `shaped-fallback`). */
  readonly shapedFallback?: boolean;
}

/** Three to six capitals or digits ("SPDY", "S3"), or a capital inside a word ("WebIDE", "iMovie"). */
const ACRONYM_OR_INNER_CAPITAL = /^[\p{Lu}\p{N}]{3,6}$|\p{Ll}\p{Lu}/u;

/**
 * True when a span only the rule recognizer found is shaped like a name: a rare word (not an
 * everyday English one), a digit, an acronym of three to six capitals, or a capital inside a
 * word. A capitalized run of English words the trained model did not read as a name
 * ("Analytics", "Great Feminists") is left out; listed names come back through the lists
 * (`findKnownNames`), and cued ones through the cues.
 *
 * @example
 *   nameShaped('Zentrixa') // true
 *   nameShaped('Quiet Allies') // false
 */
export function nameShaped(text: string): boolean {
  return isRareName(text) || /\p{N}/u.test(text) || ACRONYM_OR_INNER_CAPITAL.test(text);
}

/** `extra` mentions where `found` has none (both sorted by start): a second reader's recall. */
export function fillGaps(found: readonly Mention[], extra: readonly Mention[]): Mention[] {
  const out = [...found];
  let i = 0;
  for (const m of extra) {
    while (i < found.length && (found[i]?.end ?? 0) <= m.start) i++;
    const next = found[i];
    if (next !== undefined && next.start < m.end) continue;
    out.push(m);
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

function typeOfCode(code: KnownCode, model: EntityType | undefined): EntityType {
  switch (code) {
    case 't':
      return 'technology';
    case 'p':
      return 'product';
    case 'c':
      return 'company';
    case 'l':
      return 'location';
    // A brand is a company, a product or a technology: the model's guess among those, else company.
    case 'b':
      return model === 'product' || model === 'technology' || model === 'company' ? model : 'company';
  }
}

/** The type a brand's head word gives it when it is one a brand can have ("App Store": product). */
function brandHeadType(name: string): EntityType | undefined {
  const head = headType(name);
  return head === 'product' || head === 'technology' || head === 'company' ? head : undefined;
}

function isCapitalized(t: Token | undefined): boolean {
  return t !== undefined && /^[\p{Lu}\p{N}]/u.test(t.text) && /\p{L}/u.test(t.text);
}

/** Mentions of `base` re-typed, completed and cleaned with the page's own signals. */
export function refineMentions(text: string, found: readonly Mention[]): Mention[] {
  let mentions = found;
  const tokens = tokenize(text);
  const tokenAtStart = new Map<number, number>();
  const tokenAtEnd = new Map<number, number>();
  tokens.forEach((t, i) => {
    tokenAtStart.set(t.start, i);
    tokenAtEnd.set(t.end, i + 1);
  });
  const use = new WordUse(tokens);
  const known = findKnownNames(text, tokens);
  const techPage = isTechnicalPage(known, use);
  const knownAt = new Map<number, KnownSpan>(known.map((k) => [k.start, k]));
  const out: Mention[] = [];
  /** Surfaces whose type a list or a cue settled. */
  const settled = new Map<string, EntityType>();
  const covered: boolean[] = new Array<boolean>(tokens.length).fill(false);
  const cover = (first: number | undefined, last: number | undefined) => {
    if (first === undefined || last === undefined) return;
    for (let i = first; i < last; i++) covered[i] = true;
  };

  const personParts = personNameParts(mentions);
  const listedType = (start: number, end: number): EntityType | undefined => {
    const k = knownAt.get(start);
    return k !== undefined && k.end === end ? typeOfCode(k.code, undefined) : undefined;
  };
  mentions = mentions.flatMap((m) => splitCompound(m, use, listedType));
  /** Surfaces a weak cue typed: they hold for the name's other mentions unless a list or a strong cue says otherwise. */
  const weakly = new Map<string, EntityType>();
  for (const m of mentions) {
    const first = tokenAtStart.get(m.start);
    const last = tokenAtEnd.get(m.end);
    const cue = (first !== undefined && last !== undefined ? cueType(tokens, first, last) : undefined) ?? headType(m.text);
    const k = knownAt.get(m.start);
    // "Dylan" after "Bob Dylan" on the same page is the person, not the programming language.
    const exact = k !== undefined && k.end === m.end && !(m.type === 'person' && personParts.has(m.text)) ? k : undefined;
    if (cue !== undefined) {
      out.push({ ...m, type: cue, score: Math.max(m.score, CUE_SCORE) });
      settled.set(m.text, cue);
    } else if (exact !== undefined) {
      const service =
        first === undefined || last === undefined
          ? undefined
          : exact.code === 'b'
            ? serviceUseType(tokens, first, last)
            : exact.code === 'l'
              ? institutionType(tokens, first, last)
              : undefined;
      const type = service ?? typeOfCode(exact.code, m.type);
      out.push({ ...m, type, score: Math.max(m.score, KNOWN_SCORE) });
      // The page using the brand as a service (the place as an institution) says more than the model's guess at another mention.
      if (service !== undefined || !settled.has(m.text)) settled.set(m.text, type);
    } else if (!m.text.includes(' ') && use.isCommonWordOnly(m.text)) {
      continue;
    } else {
      const weak =
        first === undefined || last === undefined
          ? undefined
          : m.type === 'company' || m.type === 'other'
            ? (weakCueType(tokens, first, last) ??
              // "my Adsense account": a rare name only the capitals made a firm, used as a service.
              (m.score < UNSURE_SCORE && !techPage && isRareName(m.text, (w) => use.writesLower(w))
                ? serviceNounType(tokens, last)
                : undefined))
            : m.type === 'person'
              ? orgContextType(tokens, first, last)
              : m.type === 'location'
                ? (orgContextType(tokens, first, last) ?? institutionType(tokens, first, last))
                : undefined;
      // A guess from the capitals alone on a technical page is a technology: a word ("Deflate") as
      // sure as a weak cue makes it, an acronym ("SPDY", also "CPU") only retyped, kept or not as before.
      if (weak === undefined && techPage && m.type === 'company' && m.score < UNSURE_SCORE && isTechnicalShape(m.text)) {
        out.push({ ...m, type: 'technology', score: /\p{Ll}/u.test(m.text) ? Math.max(m.score, WEAK_CUE_SCORE) : m.score });
        // …on every mention of it, as a weak cue's type holds (the model's surer "company" elsewhere is the same guess).
        weakly.set(m.text, 'technology');
      } else if (weak === undefined) out.push(m);
      else {
        out.push({ ...m, type: weak, score: Math.max(m.score, WEAK_CUE_SCORE) });
        weakly.set(m.text, weak);
      }
    }
    cover(first, last);
  }

  // Listed names the model missed; a one-word name that is also a common word needs a cue.
  for (const k of known) {
    let free = true;
    for (let i = k.first; i < k.last; i++) if (covered[i] === true) free = false;
    if (!free || personParts.has(k.text)) continue;
    const cue = cueType(tokens, k.first, k.last);
    const ambiguous = k.last - k.first === 1 && !k.text.includes(' ') && (use.isCommonWordOnly(k.text) || use.writesLower(k.text));
    if (cue === undefined && ambiguous) continue;
    // A brand no recognizer typed takes its head word's type before the default ("App Store": a product).
    const type =
      cue ??
      (k.code === 'b' ? (serviceUseType(tokens, k.first, k.last) ?? brandHeadType(k.text)) : undefined) ??
      typeOfCode(k.code, undefined);
    out.push({ text: k.text, type, start: k.start, end: k.end, score: cue === undefined ? KNOWN_SCORE : CUE_SCORE });
    settled.set(k.text, type);
    cover(k.first, k.last);
  }

  // Names only a cue reveals ("written in Zig", "the Yosys toolchain").
  for (let i = 0; i < tokens.length; i++) {
    if (covered[i] === true || !isCapitalized(tokens[i])) continue;
    let j = i + 1;
    while (
      j < tokens.length &&
      j - i < MAX_CUE_NAME_TOKENS &&
      covered[j] !== true &&
      isCapitalized(tokens[j]) &&
      tokens[j]?.newline !== true
    )
      j++;
    const first = tokens[i];
    const lastTok = tokens[j - 1];
    // "the state’s Lakemont-based Rural Grants Office": the name glued to "-based", read as
    // `splitCompound` reads one inside a mention (a place, or the lists' type; no common word or unlisted acronym).
    if (first !== undefined && lastTok !== undefined && text.slice(first.start, lastTok.end).endsWith('-based')) {
      const glued = {
        text: text.slice(first.start, lastTok.end),
        type: 'location' as const,
        start: first.start,
        end: lastTok.end,
        score: CUE_SCORE,
      };
      const named = splitCompound(glued, use, listedType);
      if (named.length > 0) {
        out.push(...named);
        cover(i, j);
        i = j - 1;
        continue;
      }
    }
    const cue = cueType(tokens, i, j);
    if (cue === undefined || first === undefined || lastTok === undefined) {
      i = j - 1;
      continue;
    }
    const surface = text.slice(first.start, lastTok.end);
    if (j - i === 1 && use.isCommonWordOnly(surface)) continue;
    out.push({ text: surface, type: cue, start: first.start, end: lastTok.end, score: CUE_SCORE });
    settled.set(surface, cue);
    cover(i, j);
    i = j - 1;
  }
  // Tools written in lower case that a cue names ("the bsdiff algorithm", "statsd counters").
  for (const m of lowerCaseCodeNames(tokens, covered, CUE_SCORE)) {
    out.push(m);
    settled.set(m.text, m.type);
  }

  extendPlaceNames(text, tokens, tokenAtStart, tokenAtEnd, out);
  joinProductLines(text, tokens, tokenAtStart, tokenAtEnd, knownAt, out);
  ownedProducts(text, out, settled, knownAt);
  extendModelNumbers(text, tokens, tokenAtEnd, out, settled);
  extendLawYears(text, tokens, tokenAtEnd, out);
  addQuotedTitles(text, out, settled);

  // One name, one type on the page: a settled type holds for the name's other mentions;
  // "Pebble Core" is a product where the page uses "Pebble" alone as a brand.
  for (const [name, type] of weakly) if (!settled.has(name)) settled.set(name, type);
  const brands = brandWords(out, settled);
  const consistent = out.map((m) => {
    const type = settled.get(m.text) ?? (isBrandLine(m, brands) ? 'product' : undefined);
    return type === undefined || type === m.type ? m : { ...m, type, score: Math.max(m.score, CUE_SCORE) };
  });
  consistent.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Mention[] = [];
  let end = -1;
  for (const m of consistent) {
    if (m.start < end) continue;
    kept.push(m);
    end = m.end;
  }
  return coordinateTypes(text, kept, (word) => use.isCommonWordOnly(word) || use.writesLower(word) || isEverydayWord(word.toLowerCase()));
}

/** What may separate two names of one list: a comma, "and", "or", "&" (", and" too). */
const LIST_GLUE = /^(?:, ?|,? (?:and|or|&) )$/;
/** Names in a list before its sure members can type the others ("A, B and C"). */
const MIN_LIST_NAMES = 3;
/** Sure members of one type a list needs before its unsure members take that type. */
const MIN_SURE_LIST_MEMBERS = 2;

/**
 * Names listed together are of one kind: in "The firms include Contoso, Fabrikam, Northwind
 * Traders, Quillby and Tailspin" the unsure members ("Quillby", a person to the model)
 * take the type that at least two sure members (a list, a cue: score ≥ 0.85) share, when no
 * sure member says otherwise, and are kept as surely as a weak cue would keep them. A given
 * name stays a person ("Apple, Google and Tim Cook").
 *
 * @example
 *   // [VMware: company 0.9, Evernote: company 0.9, Fidessa: person 0.4] → Fidessa: company 0.7
 */
export function coordinateTypes(
  text: string,
  mentions: readonly Mention[],
  isPlainWord: (word: string) => boolean = () => false,
): Mention[] {
  const out = [...mentions];
  const heads: Mention[] = [];
  let i = 0;
  while (i < out.length) {
    let j = i + 1;
    while (j < out.length && LIST_GLUE.test(text.slice(out[j - 1]?.end ?? 0, out[j]?.start ?? 0))) j++;
    if (j - i >= MIN_LIST_NAMES) {
      const sure = new Map<EntityType, number>();
      for (let k = i; k < j; k++) {
        const m = out[k];
        if (m !== undefined && m.score >= CUE_SCORE) sure.set(m.type, (sure.get(m.type) ?? 0) + 1);
      }
      const [type, count] = [...sure][0] ?? [undefined, 0];
      if (type !== undefined && sure.size === 1 && count >= MIN_SURE_LIST_MEMBERS) {
        for (let k = i; k < j; k++) {
          const m = out[k];
          if (m === undefined || m.score >= CUE_SCORE || m.type === type) continue;
          if (m.type === 'person' && FIRST_NAMES.has(m.text.split(' ')[0] ?? '')) continue;
          out[k] = { ...m, type, score: Math.max(m.score, WEAK_CUE_SCORE) };
        }
        const head = listHead(text, out[i]?.start ?? 0, isPlainWord);
        if (head !== undefined) heads.push({ ...head, type, score: WEAK_CUE_SCORE });
      }
    }
    i = j;
  }
  return heads.length === 0 ? out : [...out, ...heads].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Characters read back from a list's first name for an unread name before it. */
const LIST_HEAD_WINDOW = 40;
/** A capitalized word and a comma ending the text, after a colon, a comma, a bracket or a lower-case word. */
const LIST_HEAD = /(?:[:,(]|\p{Ll}) (\p{Lu}[\p{L}\p{N}]*), $/u;

/**
 * The name no recognizer read that opens a list of read names ("systems: Darner, Redis, Kestrel,
 * and Kafka"): one capitalized word and a comma right before the list's first name, in
 * mid-sentence, and no plain English word ("Also, Redis, …").
 */
function listHead(text: string, start: number, isPlainWord: (word: string) => boolean): Omit<Mention, 'type' | 'score'> | undefined {
  const before = text.slice(Math.max(0, start - LIST_HEAD_WINDOW), start);
  const word = LIST_HEAD.exec(before)?.[1];
  if (word === undefined || isPlainWord(word)) return undefined;
  const at = start - before.length + (before.length - word.length - 2);
  return { text: word, start: at, end: at + word.length };
}

/** "Seattle-based", "Amazon-owned": a name, a hyphen and a word that ties it to the next name. */
const COMPOUND_LINKS: ReadonlyMap<string, EntityType> = new Map<string, EntityType>([
  ['-based ', 'location'],
  ['-owned ', 'company'],
  ['-backed ', 'company'],
  ['-funded ', 'company'],
  ['-led ', 'company'],
]);

/** An executive title a mention ends with ("Pega VP", "Acme CEO"): the title and the space before it. */
const TRAILING_TITLE = /\s(?:[SE]?VP|C[A-Z]{1,2}O)$/u;

/**
 * A mention that swallowed the name before it ("Contoso-owned Harbor Fresh Market", "Lakemont-based
 * Northern Timber Research Council") as two mentions: the first name, typed by the
 * lists (`known`) or else by the link word, and the rest with the mention's type;
 * "Seattle-based" alone is "Seattle". The first is dropped when it is a common word
 * ("State-owned", "Cloud-based") or, before "-based" and unlisted, an acronym ("FPGA-based":
 * a technology, not a place). An executive title at the end is cut off ("Pega VP" is "Pega").
 *
 * @example
 *   splitCompound({ text: 'Amazon-owned Whole Foods', type: 'company', start: 0, end: 24, score: 0.8 }, use, () => undefined)
 *   // [{ text: 'Amazon', type: 'company', … }, { text: 'Whole Foods', type: 'company', start: 13, … }]
 */
export function splitCompound(m: Mention, use: WordUse, known: (start: number, end: number) => EntityType | undefined): Mention[] {
  // "the Walt Disney Company": the article is not part of the name.
  if (m.text.startsWith('the ') && /^\p{Lu}/u.test(m.text.slice(4)))
    return splitCompound({ ...m, text: m.text.slice(4), start: m.start + 4 }, use, known);
  // "Bo Lind, Contoso VP of data products": an executive title is not part of the name
  // before it, and the name that holds the title is an organization (unless the lists say otherwise).
  const title = TRAILING_TITLE.exec(m.text);
  if (title !== null && title.index > 0) {
    const end = m.start + title.index;
    return [{ ...m, text: m.text.slice(0, title.index), type: known(m.start, end) ?? 'company', end }];
  }
  // "MIT’s Lorenz Center", "Samsung's Gear S2": a listed (or acronym) owner and what it owns are two names.
  const possessive = /['’]s /u.exec(m.text);
  if (possessive !== null && possessive.index > 0 && /^\p{Lu}/u.test(m.text.slice(possessive.index + 3))) {
    // An unlisted owner in capitals ("MIT’s Lorenz Center") is an organization as surely.
    const ownerText = m.text.slice(0, possessive.index);
    const owner = known(m.start, m.start + possessive.index) ?? (/^\p{Lu}{2,5}$/u.test(ownerText) ? 'company' : undefined);
    const rest = possessive.index + 3;
    if (owner !== undefined)
      return [
        { text: m.text.slice(0, possessive.index), type: owner, start: m.start, end: m.start + possessive.index, score: m.score },
        { ...m, text: m.text.slice(rest), start: m.start + rest },
      ];
  }
  for (const [link, linkType] of COMPOUND_LINKS) {
    const alone = m.text.endsWith(link.trimEnd());
    const at = alone ? m.text.length - link.length + 1 : m.text.indexOf(link);
    if (at <= 0) continue;
    // "The Seattle-based firm" at a sentence start: the article is the phrase's, not the place's.
    const article = /^The \p{Lu}/u.test(m.text) ? 4 : 0;
    const first = m.text.slice(article, at);
    const rest = alone ? '' : m.text.slice(at + link.length);
    if (!alone && !/^\p{Lu}/u.test(rest)) return [m];
    const tail: Mention[] = alone ? [] : [{ ...m, text: rest, start: m.start + at + link.length }];
    const listed = known(m.start + article, m.start + at);
    const acronym = listed === undefined && link === '-based ' && !/\p{Ll}/u.test(first);
    if (!/^\p{Lu}/u.test(first) || acronym || (!first.includes(' ') && use.isCommonWordOnly(first))) return tail;
    return [{ text: first, type: listed ?? linkType, start: m.start + article, end: m.start + at, score: m.score }, ...tail];
  }
  return [m];
}

/**
 * "LinkedIn Learning", "Amazon Redshift", "Pebble Core": two to four words starting with a
 * brand the page names alone, not ending with an organization word ("Amazon Web Services",
 * "Boston Dynamics" stay companies), and not already typed a product or technology.
 */
function isBrandLine(m: Mention, brands: ReadonlySet<string>): boolean {
  if (m.type === 'product' || m.type === 'technology') return false;
  const words = m.text.split(' ');
  if (words.length < 2 || words.length > MAX_BRAND_LINE_WORDS || !brands.has(words[0] ?? '')) return false;
  const last = words[words.length - 1] ?? '';
  return !ORG_KEYWORDS.has(last) && !LEGAL_SUFFIXES.has(last.replace(/\.$/, '')) && !ORG_WORDS_EXTRA.has(last);
}

/** First and last words of the multi-word person names the model found on the page. */
export function personNameParts(mentions: readonly Mention[]): Set<string> {
  const parts = new Set<string>();
  for (const m of mentions) {
    if (m.type !== 'person') continue;
    const words = m.text.split(' ');
    if (words.length < 2) continue;
    parts.add(words[0] ?? '');
    parts.add(words[words.length - 1] ?? '');
  }
  return parts;
}

/**
 * One-word names the page uses alone as a company, product or technology, settled by a
 * list or a cue or, failing that, by most of the model's confidence: a person "name"
 * starting with one of them ("Pebble Core") is that brand's product. Common given names
 * are left out ("Jeff" typed a company once is still Jeff).
 */
function brandWords(mentions: readonly Mention[], settled: ReadonlyMap<string, EntityType>): Set<string> {
  const votes = new Map<string, { brand: number; person: number }>();
  for (const m of mentions) {
    if (m.text.includes(' ')) continue;
    const v = votes.get(m.text) ?? { brand: 0, person: 0 };
    if (m.type === 'company' || m.type === 'product' || m.type === 'technology') v.brand += m.score;
    else if (m.type === 'person') v.person += m.score;
    votes.set(m.text, v);
  }
  const out = new Set<string>();
  for (const [word, v] of votes) {
    const fixed = settled.get(word);
    if (FIRST_NAMES.has(word)) continue;
    // Twice the person confidence: one stray company vote does not make a brand.
    if (
      (fixed !== undefined && fixed !== 'person' && fixed !== 'location') ||
      (fixed === undefined && v.brand >= 2 * v.person && v.brand >= BRAND_MIN_VOTE)
    )
      out.add(word);
  }
  return out;
}

/** A model token after a brand or product name: "2", "S2", "i3", "HC20", "10.12", "Pro", "PRO". */
const MODEL_TOKEN = /^(?:[A-Za-z]{0,2}\d{1,4}[A-Za-z]{0,3}|\d{1,2}\.\d{1,2}|Pro|PRO|Max|Ultra|Plus|Mini|Air|SE|Lite|XL)$/;
/** Model tokens after a name at most ("Ryzen 7 PRO" is 2). */
const MAX_MODEL_TOKENS = 3;
/** Words after a number that make it an amount, not a model ("Fitbit 2 million"). */
const AMOUNT_WORDS = new Set([
  '%',
  'percent',
  'per',
  'million',
  'billion',
  'thousand',
  'hundred',
  'years',
  'year',
  'months',
  'days',
  'hours',
  'minutes',
  'times',
  'people',
  'users',
  'customers',
  'employees',
  'of',
  'to',
  'and',
  'or',
]);

/**
 * "Pebble 2", "Ryzen 7 PRO", "iOS 10": a brand, product or technology name followed on
 * its line by model tokens names a model of it, a product (a technology stays one).
 * Years are dates, not models; a number followed by an amount word is an amount.
 */
function extendModelNumbers(
  text: string,
  tokens: readonly Token[],
  tokenAtEnd: ReadonlyMap<number, number>,
  out: Mention[],
  settled: ReadonlyMap<string, EntityType>,
): void {
  // A mention that is one model token ("PRO" after "Ryzen 7") is part of the name before it, not a name.
  const modelOnly = new Set(out.filter((m) => MODEL_TOKEN.test(m.text)).map((m) => m.start));
  const starts = new Set(out.filter((m) => !modelOnly.has(m.start)).map((m) => m.start));
  const swallowed = new Set<number>();
  for (let n = 0; n < out.length; n++) {
    const m = out[n];
    if (m === undefined || swallowed.has(m.start) || (m.type !== 'product' && m.type !== 'technology' && m.type !== 'company')) continue;
    const last = tokenAtEnd.get(m.end);
    if (last === undefined) continue;
    let j = last;
    while (j < tokens.length && j - last < MAX_MODEL_TOKENS) {
      const t = tokens[j];
      if (t === undefined || t.newline || starts.has(t.start) || !MODEL_TOKEN.test(t.text) || /^(?:19|20)\d\d$/.test(t.text)) break;
      j++;
    }
    const end = tokens[j - 1];
    // "Fitbit 2 million" is an amount; "Ryzen 7 PRO and …" ends with a model word, not a number.
    const amount = /^\d+$/.test(end?.text ?? '') && AMOUNT_WORDS.has(tokens[j]?.text.toLowerCase() ?? '');
    if (j === last || end === undefined || !/\d/.test(text.slice(m.start, end.end)) || amount) continue;
    out[n] = {
      text: text.slice(m.start, end.end),
      // A listed or cued technology's version stays one ("iOS 10"); a guessed one's model is a product ("Ryzen 7 PRO").
      type: m.type === 'technology' && settled.get(m.text) === 'technology' ? 'technology' : 'product',
      start: m.start,
      end: end.end,
      score: Math.max(m.score, CUE_SCORE),
    };
    for (let k = last; k < j; k++) {
      const t = tokens[k];
      if (t !== undefined && modelOnly.has(t.start)) swallowed.add(t.start);
    }
  }
  if (swallowed.size > 0) {
    const rest = out.filter((m) => !swallowed.has(m.start) || !MODEL_TOKEN.test(m.text));
    out.splice(0, out.length, ...rest);
  }
}

/**
 * "Competitive Services Act 2015": a year right after a law's name on its line is part of the
 * name (`extendModelNumbers` leaves years out: after a product they are dates).
 */
function extendLawYears(text: string, tokens: readonly Token[], tokenAtEnd: ReadonlyMap<number, number>, out: Mention[]): void {
  for (let n = 0; n < out.length; n++) {
    const m = out[n];
    const last = m === undefined ? undefined : tokenAtEnd.get(m.end);
    if (m === undefined || last === undefined || !m.text.includes(' ') || !isLawHead(m.text.slice(m.text.lastIndexOf(' ') + 1))) continue;
    const year = tokens[last];
    if (year === undefined || year.newline || !/^(?:1[89]|20)\d\d$/.test(year.text) || out[n + 1]?.start === year.start) continue;
    out[n] = { ...m, text: text.slice(m.start, year.end), end: year.end };
  }
}

/**
 * A listed maker (a company or brand the lists know) written right before a product name or a
 * new name of its own is that maker's product line: "Samsung" + "Gear S2" → "Samsung Gear S2",
 * "Google" + "SkyBender" → "Google SkyBender". The word after the maker must look like a name
 * (camel case, capitals, a word that is no everyday English) and not like a role, a title or an
 * organization word ("Google CEO", "Google Inc.", "Apple Park" stay apart).
 */
function joinProductLines(
  text: string,
  tokens: readonly Token[],
  tokenAtStart: ReadonlyMap<number, number>,
  tokenAtEnd: ReadonlyMap<number, number>,
  knownAt: ReadonlyMap<number, KnownSpan>,
  out: Mention[],
): void {
  out.sort((a, b) => a.start - b.start || b.end - a.end);
  const byStart = new Map(out.map((m, i) => [m.start, i]));
  const drop = new Set<number>();
  for (let n = 0; n < out.length; n++) {
    const m = out[n];
    if (m === undefined || drop.has(n) || m.text.includes(' ')) continue;
    const listed = knownAt.get(m.start);
    if (listed === undefined || listed.end !== m.end || (listed.code !== 'c' && listed.code !== 'b')) continue;
    const last = tokenAtEnd.get(m.end);
    if (last === undefined) continue;
    const next = tokens[last];
    if (next === undefined || next.newline || next.start !== m.end + 1 || !isLineWord(next.text)) continue;
    const after = byStart.get(next.start);
    const following = after === undefined ? undefined : out[after];
    if (following !== undefined && after !== undefined) {
      // A product the recognizers found right after the maker ("Gear S2").
      if (following.type !== 'product' && following.type !== 'technology') continue;
      out[n] = {
        text: text.slice(m.start, following.end),
        type: following.type,
        start: m.start,
        end: following.end,
        score: Math.max(following.score, CUE_SCORE),
      };
      drop.add(after);
    } else if (
      tokenAtStart.has(next.start) &&
      (isIdentifierShaped(next.text) || /^\p{Lu}{2,5}$/u.test(next.text) || !isEverydayWord(next.text.toLowerCase()))
    ) {
      // A new name no recognizer read after the maker ("SkyBender", "TTS").
      const nextNext = tokens[last + 1];
      if (nextNext !== undefined && !nextNext.newline && /^\p{Lu}/u.test(nextNext.text)) continue;
      out[n] = { text: text.slice(m.start, next.end), type: 'product', start: m.start, end: next.end, score: CUE_SCORE };
    }
  }
  if (drop.size > 0) out.splice(0, out.length, ...out.filter((_, i) => !drop.has(i)));
}

/**
 * What a listed or surely typed company has, by name, is its product: "Apple’s App Store",
 * "Dell’s PowerFlex". The owned name must be an unsure guess (not listed, not cued), no person
 * or place, and carry no organization word ("MIT’s Lorenz Center" stays a unit); a technology
 * stays one ("AMD’s Zen").
 */
function ownedProducts(text: string, out: Mention[], settled: Map<string, EntityType>, knownAt: ReadonlyMap<number, KnownSpan>): void {
  for (let n = 1; n < out.length; n++) {
    const owner = out[n - 1];
    const owned = out[n];
    if (owner === undefined || owned === undefined || owner.type !== 'company' || owner.score < CUE_SCORE) continue;
    if (!/^['’]s $/u.test(text.slice(owner.end, owned.start))) continue;
    // Only a name the recognizers took for a firm, of at most two words: a work or an award ("Contoso’s Annual Design Merit Award") is no product.
    const words = owned.text.split(' ');
    if (owned.type !== 'company' || words.length > 2) continue;
    if (owned.score >= CUE_SCORE || knownAt.has(owned.start) || settled.has(owned.text)) continue;
    if (words.some((w) => ORG_KEYWORDS.has(w) || ORG_WORDS_EXTRA.has(w) || LEGAL_SUFFIXES.has(w.replace(/\.$/, '')))) continue;
    out[n] = { ...owned, type: 'product', score: Math.max(owned.score, WEAK_CUE_SCORE) };
    settled.set(owned.text, 'product');
  }
}

/** A word that may follow a maker in a product's name: capitalized, and no role, title or organization word. */
function isLineWord(word: string): boolean {
  return (
    /^\p{Lu}[\p{L}\p{N}]*$/u.test(word) &&
    !MODEL_TOKEN.test(word) &&
    !ORG_KEYWORDS.has(word) &&
    !ORG_WORDS_EXTRA.has(word) &&
    !LEGAL_SUFFIXES.has(word.replace(/\.$/, '')) &&
    !PERSON_TITLES.has(word) &&
    !PERSON_ROLE_WORDS.has(word.toLowerCase()) &&
    !FIRST_NAMES.has(word)
  );
}

/** A title in curly quotes: up to 60 characters on one line ("“Tern Drift”", "“Lakemont: Last Light Rising”"). */
const QUOTED = /“([^”\n]{1,60})”/g;
/** Small words a title keeps in lower case. */
const TITLE_SMALL_WORDS = new Set(['of', 'the', 'and', 'a', 'an', 'in', 'on', 'for', 'to', 'at', 'by', 'with', 'vs', 'or', 'from']);
/** Words that start quoted speech, not a title ("I’m Batman", "It works"). */
const SPEECH_STARTS = new Set(['I', 'It', 'We', 'You', 'He', 'She', 'They', 'This', 'That', 'There', 'My', 'Our', 'Yes', 'No']);
/** Mentions of "game" or "games" from which a page is about games and its titles are products. */
const GAME_PAGE_WORDS = 2;

/**
 * The type of a title of a work on this page (in curly quotes, in italics): a product on a page
 * about games, a work ("other") elsewhere.
 */
export function titleType(text: string): EntityType {
  return (text.match(/\bgames?\b/gi)?.length ?? 0) >= GAME_PAGE_WORDS ? 'product' : 'other';
}
/** Words of a quoted title at most. */
const MAX_TITLE_WORDS = 6;

/**
 * Titles in curly quotes that no recognizer read: a title-cased phrase ("“Parcel Rush”",
 * "“Lakemont: Last Light Rising”") is the name of a work. On a page about games it is a product;
 * elsewhere it is a work ("other"), which analysis keeps only when the page repeats it.
 * Quoted speech ("“I’m ready,”", "“It was slow at first…”") is not title-cased or starts as speech.
 */
function addQuotedTitles(text: string, out: Mention[], settled: Map<string, EntityType>): void {
  const type = titleType(text);
  for (const q of text.matchAll(QUOTED)) {
    const inner = trimEndPunctuation(q[1] ?? '');
    const start = (q.index ?? 0) + 1;
    const end = start + inner.length;
    if (!isTitle(inner)) continue;
    const same = out.findIndex((m) => m.start === start && m.end === end);
    if (same >= 0) {
      const m = out[same];
      if (m !== undefined && m.score < CUE_SCORE && m.type !== type && type === 'product')
        out[same] = { ...m, type, score: WEAK_CUE_SCORE };
      continue;
    }
    // Names read inside the title ("Simulator" in "Job Simulator") give way to it when they are unsure and within it.
    const inside = out.filter((m) => m.start < end && m.end > start);
    if (inside.some((m) => m.start < start || m.end > end || m.score >= CUE_SCORE)) continue;
    for (const m of inside) out.splice(out.indexOf(m), 1);
    out.push({ text: inner, type, start, end, score: WEAK_CUE_SCORE });
    if (type === 'product' && !settled.has(inner)) settled.set(inner, type);
  }
  out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** `phrase` without the full stops, commas and marks it ends with ("Thumper." → "Thumper"). */
function trimEndPunctuation(phrase: string): string {
  let end = phrase.length;
  while (end > 0 && '.,!?'.includes(phrase[end - 1] ?? '')) end--;
  return phrase.slice(0, end);
}

/** Every word capitalized but a title's small words, not speech, a few words long. */
function isTitle(phrase: string): boolean {
  const words = phrase.split(' ');
  if (words.length > MAX_TITLE_WORDS || SPEECH_STARTS.has(words[0] ?? '') || /\p{L}['’]\p{Ll}/u.test(phrase)) return false;
  return words.every((w, i) => (i > 0 && TITLE_SMALL_WORDS.has(w)) || /^[\p{Lu}\p{N}]/u.test(w)) && /^\p{Lu}/u.test(phrase);
}

/** Capitalized words before a place's head word that join it ("Sand" + "Hill Road") at most. */
const MAX_PLACE_LEAD_WORDS = 2;

/**
 * A name followed on its line by a place's head word ("Ninety Mile" + "Beach") or a place name
 * after capitalized words in mid-sentence ("in Sand" + "Hill Road") is one place name: the
 * recognizers often cut such names at a common word. Only tokens no other mention holds join.
 */
function extendPlaceNames(
  text: string,
  tokens: readonly Token[],
  tokenAtStart: ReadonlyMap<number, number>,
  tokenAtEnd: ReadonlyMap<number, number>,
  out: Mention[],
): void {
  const held = new Set<number>();
  for (const m of out) {
    const a = tokenAtStart.get(m.start);
    const b = tokenAtEnd.get(m.end);
    if (a !== undefined && b !== undefined) for (let k = a; k < b; k++) held.add(k);
  }
  const capitalWord = (k: number) => {
    const t = tokens[k];
    return t !== undefined && !held.has(k) && /^\p{Lu}\p{Ll}+$/u.test(t.text);
  };
  for (let n = 0; n < out.length; n++) {
    const m = out[n];
    let a = m === undefined ? undefined : tokenAtStart.get(m.start);
    let b = m === undefined ? undefined : tokenAtEnd.get(m.end);
    // A person's name ends at a surname ("Ricki Lake"), unless its first word is no given name ("Ninety Mile").
    if (m === undefined || a === undefined || b === undefined || (m.type === 'person' && FIRST_NAMES.has(m.text.split(' ')[0] ?? '')))
      continue;
    const next = tokens[b];
    if (next !== undefined && !next.newline && capitalWord(b) && isLocationHead(next.text)) b += 1;
    if (isLocationHead(tokens[b - 1]?.text ?? '')) {
      // Leading capitalized words in mid-sentence (after a lower-case word or a comma), never a sentence's first.
      let lead = a;
      while (lead > 0 && a - lead < MAX_PLACE_LEAD_WORDS && capitalWord(lead - 1) && tokens[lead]?.newline !== true) lead -= 1;
      const before = tokens[lead - 1];
      if (lead < a && before !== undefined && tokens[lead]?.newline !== true && (/^\p{Ll}/u.test(before.text) || before.text === ','))
        a = lead;
    }
    const first = tokens[a];
    const last = tokens[b - 1];
    if (first === undefined || last === undefined || (first.start === m.start && last.end === m.end)) continue;
    if (!isLocationHead(last.text)) continue;
    out[n] = {
      text: text.slice(first.start, last.end),
      type: 'location',
      start: first.start,
      end: last.end,
      score: Math.max(m.score, WEAK_CUE_SCORE),
    };
    for (let k = a; k < b; k++) held.add(k);
  }
}
