/**
 * Relations decided by the trained classifier: every sentence of the
 * main text holding two recognized entities gives candidate pairs; each pair is scored in
 * both orders (`features.ts`, `model.ts`), the most probable typed label whose types fit
 * (`labels.ts`) is kept when its probability reaches `RELATION_THRESHOLD`, with the
 * sentence as evidence and the probability as confidence. Pairs of the same sentence
 * that get no label are returned too, for `mentioned_with` (`cooccurrence.ts`).
 */
import type { AnalyzedRelation, Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { sanitizeLine } from '../page/sanitize';
import { AnaphorReader, pageSubject } from './anaphora';
import { MAX_SNIPPET } from '../page/snippet';
import { pairFeatures, tokenize, type Span, type Token } from './features';
import { coarseType, RELATION_CLASSES, typesFit, type RelationClass } from './labels';
import { decodeRelationModel, probabilities, type RelationModel } from './model';
import { RELATION_MODEL } from './model/weights';
import { namedThing } from './noun-phrases';
import { demonymBefore, demonymOfLeader } from './places';
import { demonymOfOrg } from './rules-seats';
import { coordinatedAfter, coordinatedBefore, ruleDecisions, vetoed } from './rules';
import { bareTitle, pastRole } from './rules-titles';
import { CONFIDENCE } from './rules-shared';
import { placeNames } from '../../core/resolve/demonyms';
import { nameKey } from '../../core/text/normalize';
import { splitSentences } from '../../nlp';
import { LABEL_THRESHOLDS, triggered } from './triggers';

/**
 * Probability from which a classified relation is stored as a fact. On the held part of
 * Re-DocRED dev (model selection) 0.5 kept precision near 0.7 where 0.3 fell to about
 * 0.55 for a few points of recall; a wrong fact stated as known costs more than a miss.
 */
export const RELATION_THRESHOLD = 0.5;
/** Names scored per sentence (the first ones): a list of 30 names is not 435 relations. */
const MAX_MENTIONS_PER_SENTENCE = 8;
/** Tokens between two names beyond which the sentence rarely ties them (and co-occurrence is weak). */
const MAX_PAIR_DISTANCE = 40;
/** Pairs scored per page: bounded work on pathological pages (a typical page has < 300). */
const MAX_PAIRS_PER_PAGE = 3_000;
/** A place put in a country by the country's demonym ("the Norwegian town of Lakemont"): a closed word list, as sure as a rule's place. */
const DEMONYM_PLACE_CONFIDENCE = 0.7;
/** Characters read of a sentence that names nobody: enough for its opening phrase and subject ("In March 2014, the company"). */
const OPENING_CHARS = 80;
/** A relation with an anaphor for one end ("he", "the company") is a little less sure than one naming both. */
const ANAPHOR_FACTOR = 0.9;

export type Resolve = (m: Mention) => { name: string; type: EntityType } | undefined;

export interface ClassifiedRelation extends AnalyzedRelation {
  /** The classifier's probability of the label, 0..1. */
  readonly confidence: number;
  /** Who decided it: a trigger rule (`rules.ts`, a demonym) or the trained classifier (benchmarks count each one's share). */
  readonly by: 'rule' | 'classifier';
}

/**
 * Which readers decide typed relations. The extension runs both with the gate; a
 * benchmark measures the classifier alone (`rules: false`), with or without its gate.
 */
export interface RelationReaders {
  /** The trigger rules and the demonym rule; default true. */
  readonly rules?: boolean;
  /** The trigger words a classified label needs in its sentence (`triggers.ts`); default true. */
  readonly gate?: boolean;
}

/** Two entities named in one sentence (names in text order), with that sentence. */
export interface CoMention {
  readonly a: string;
  readonly b: string;
  readonly snippet: string;
}

export interface ClassifyOptions {
  readonly model?: RelationModel;
  /** One bar for every label (tests, the trainer); by default `LABEL_THRESHOLDS`. */
  readonly threshold?: number;
  /** Called between sentences; true stops the reading (the analysis budget). */
  readonly expired?: () => boolean;
  /** The site's own organization when the page names it: what "we" and "our" stand for (`publisher.ts`). */
  readonly publisher?: { readonly name: string; readonly type: EntityType };
  /** The page's one author (a person its metadata names): what "I" stands for (`anaphora.ts`). */
  readonly author?: { readonly name: string; readonly type: EntityType };
  /** Which readers decide (benchmarks); by default the rules, then the gated classifier. */
  readonly readers?: RelationReaders;
}

let shipped: RelationModel | undefined;
/** The shipped weights, decoded on first use (not when the worker wakes). */
export function shippedRelationModel(): RelationModel {
  shipped ??= decodeRelationModel(RELATION_MODEL);
  return shipped;
}

interface Placed {
  readonly entity: { name: string; type: EntityType };
  readonly span: Span;
  /** Read from "he", "the company", "we", "it": the sentence does not name it. */
  readonly anaphor?: boolean;
  /** The sentence calls it a made thing ("their Ryzen PRO processors"), whatever its entity type. */
  readonly thing?: boolean;
}

/**
 * @example
 *   classifyRelations('Stripe was founded by Patrick Collison.', mentions, resolve).relations
 *   // [{ from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', confidence: 0.9, snippet: 'Stripe was founded by …', origin: 'text' }]
 */
export function classifyRelations(
  text: string,
  mentions: readonly Mention[],
  resolve: Resolve,
  options: ClassifyOptions = {},
): { relations: ClassifiedRelation[]; coMentions: CoMention[] } {
  const model = options.model ?? shippedRelationModel();
  // A caller's threshold applies to every label; by default each label has its own bar.
  const bar = (label: RelationClass): number => options.threshold ?? LABEL_THRESHOLDS.get(label) ?? RELATION_THRESHOLD;
  const rulesRead = options.readers?.rules !== false;
  const gated = options.readers?.gate !== false;
  const sorted = [...mentions].sort((x, y) => x.start - y.start || x.end - y.end);
  const best = new Map<string, ClassifiedRelation>();
  const coMentions = new Map<string, CoMention>();
  let pairs = 0;
  let mi = 0;
  // The page's places by name key: what a demonym ("Libyan") stands for when the page names the country.
  const places = new Map<string, { name: string; type: EntityType }>();
  for (const m of sorted) {
    const e = resolve(m);
    if (e?.type === 'location' && !places.has(nameKey(e.name))) places.set(nameKey(e.name), e);
  }
  const resolved = sorted.flatMap((m) => resolve(m) ?? []);
  const personMentions = new Map<string, number>();
  for (const e of resolved) if (e.type === 'person') personMentions.set(e.name, (personMentions.get(e.name) ?? 0) + 1);
  const anaphors = new AnaphorReader({
    subject: pageSubject(resolved),
    personMentions,
    ...(options.publisher === undefined ? {} : { publisher: options.publisher }),
    ...(options.author === undefined ? {} : { author: options.author }),
  });
  for (const sentence of splitSentences(text)) {
    if (pairs >= MAX_PAIRS_PER_PAGE || options.expired?.() === true) break;
    const inSentence: Mention[] = [];
    for (; mi < sorted.length; mi++) {
      const m = sorted[mi];
      if (m === undefined || m.start >= sentence.end) break;
      if (m.start >= sentence.start && m.end <= sentence.end) inSentence.push(m);
    }
    if (inSentence.length === 0) {
      // Nothing to relate; the reader still learns that no name opened this sentence, or what its opening anaphor
      // carries on ("The company specializes in …", "She left.").
      anaphors.read(tokenize(text.slice(sentence.start, Math.min(sentence.end, sentence.start + OPENING_CHARS))), []);
      continue;
    }
    const body = text.slice(sentence.start, sentence.end);
    const tokens = tokenize(body);
    const named = place(inSentence, tokens, sentence.start, resolve);
    const holder = anaphors.titleHolder();
    const placed: Placed[] = [...named, ...anaphors.read(tokens, named).map((a) => ({ ...a, anaphor: true }))].sort(
      (x, y) => x.span.start - y.span.start,
    );
    const snippet = sanitizeLine(body, MAX_SNIPPET) ?? '';
    // "the Norwegian town of Lakemont", "Contoso, a Norwegian company" (located_in), "Danish Prime Minister Ada Quinn"
    // (works_for): a country by its demonym.
    for (const p of rulesRead ? named : []) {
      const [label, words] =
        p.span.type === 'loc'
          ? ['located_in', [demonymBefore(tokens, p.span) ?? []].flat()]
          : p.span.type === 'per'
            ? ['works_for', demonymOfLeader(tokens, p.span)]
            : p.span.type === 'org'
              ? ['located_in', [demonymOfOrg(tokens, p.span) ?? []].flat()]
              : ['', []];
      const country = pagePlace(words, places);
      if (country === undefined || country.name === p.entity.name) continue;
      const key = `${p.entity.name}\u0000${label}\u0000${country.name}`;
      if (!best.has(key))
        best.set(key, {
          from: p.entity.name,
          to: country.name,
          label,
          snippet,
          origin: 'text',
          confidence: DEMONYM_PLACE_CONFIDENCE,
          by: 'rule',
        });
    }
    // "while talking with CEO Ada Quinn": a bare title, in a sentence naming no organization, is the page's organization's.
    const organizations = named.some((p) => p.span.type === 'org');
    for (const p of rulesRead && !organizations ? named : []) {
      const label = p.span.type === 'per' ? bareTitle(tokens, p.span) : undefined;
      if (label === undefined || holder === undefined) continue;
      const [from, to] = label === 'founded_by' ? [holder.name, p.entity.name] : [p.entity.name, holder.name];
      const key = `${from}\u0000${label}\u0000${to}`;
      const confidence = CONFIDENCE[label] * ANAPHOR_FACTOR;
      if (!best.has(key)) best.set(key, { from, to, label, snippet, origin: 'text', confidence, by: 'rule' });
    }
    if (new Set(placed.map((p) => p.entity.name)).size < 2) continue;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i];
        const b = placed[j];
        if (a === undefined || b === undefined || a.entity.name === b.entity.name) continue;
        if (b.span.start - a.span.end > MAX_PAIR_DISTANCE) continue;
        pairs += 1;
        const coKey = `${a.entity.name}\u0000${b.entity.name}`;
        // A co-mention needs both names in the sentence; an anaphor's is in another one.
        const bothNamed = a.anaphor !== true && b.anaphor !== true;
        if (bothNamed && !coMentions.has(coKey) && !coMentions.has(`${b.entity.name}\u0000${a.entity.name}`))
          coMentions.set(coKey, { a: a.entity.name, b: b.entity.name, snippet });
        const others = placed.filter((p) => p !== a && p !== b).map((p) => p.span);
        const keep = (subject: Placed, label: string, object: Placed, probability: number, by: ClassifiedRelation['by']) => {
          if (subject.entity.name === object.entity.name) return;
          // A name the sentence itself calls a product ("their Ryzen PRO processors") is one, whatever type recognition gave it.
          if (!objectFits(label, object.entity.type) && !(object.thing === true && THING_OBJECT_LABELS.has(label))) return;
          const p = bothNamed ? probability : probability * ANAPHOR_FACTOR;
          const key = `${subject.entity.name}\u0000${label}\u0000${object.entity.name}`;
          const prev = best.get(key);
          if (prev === undefined || p > prev.confidence) {
            best.set(key, {
              from: subject.entity.name,
              to: object.entity.name,
              label,
              snippet,
              origin: 'text',
              confidence: Math.round(p * 1000) / 1000,
              by,
            });
          }
        };
        // "…and Google's veteran engineer Ahmed Aly": the possessive's role words belong to the next person, not to this
        // pair, whether a rule or the classifier would read them.
        if (rulesRead && vetoed(tokens, a.span, b.span, others)) continue;
        // The trigger rules first (labels Re-DocRED lacks); one that fires decides the pair,
        // and names listed right after the second name share its relation.
        const decided = rulesRead ? ruleDecisions(tokens, a.span, b.span, others) : [];
        // "stepped down as CEO of", "then CEO of", "until 2019": a role that is over is no present role (a founder stays one).
        const over = (a.span.type === 'per') !== (b.span.type === 'per') && pastRole(tokens, a.span, b.span);
        const rules = over ? decided.filter((r) => !PRESENT_ROLES.has(r.label)) : decided;
        if (decided.length > 0) {
          // "Ada and Bob founded Acme": names coordinated before the first share its part (not an apposition's or a possessive's).
          const opener = tokens[a.span.end]?.text ?? '';
          // A place inside a place binds the nearest one ("Elm Square in Lakemont or Mill Lane in Eastvale").
          const shared = a.span.type === 'per' || a.span.type === 'org' || (a.span.type === 'loc' && b.span.type === 'org');
          const subjects = [
            i,
            ...(!shared || opener === ',' || opener === "'"
              ? []
              : coordinatedBefore(
                  tokens,
                  placed.map((p) => p.span),
                  a.span,
                )),
          ];
          const spans = placed.map((p) => p.span);
          for (const rule of rules) {
            // Investors are people and organizations alike ("Fabrikam, Northwind and Ada Quinn invested").
            const listed = [j, ...coordinatedAfter(tokens, spans, b.span, rule.label === 'invested_in')];
            for (const h of subjects) {
              const s = placed[h];
              for (const k of listed) {
                const found = placed[k];
                // "developed another product, CodePair": the rule's phrase says the object is a made thing.
                const c = found !== undefined && rule.thing === true && k === j ? { ...found, thing: true } : found;
                if (c !== undefined && s !== undefined)
                  keep(rule.forward ? s : c, rule.label, rule.forward ? c : s, rule.confidence, 'rule');
              }
            }
          }
          continue;
        }
        const classified = decide(model, tokens, a, b, others, gated);
        // Under its label's bar the pair stays a co-mention (`mentioned_with`), never a fact.
        if (classified === undefined || classified.p < bar(classified.label)) continue;
        if (over && PRESENT_ROLES.has(classified.label)) continue;
        const [subject, object] = classified.forward ? [a, b] : [b, a];
        keep(subject, classified.label, object, classified.p, 'classifier');
      }
    }
  }
  const relations = [...best.values()].sort((x, y) => y.confidence - x.confidence || (x.from < y.from ? -1 : x.from > y.from ? 1 : 0));
  return { relations, coMentions: [...coMentions.values()] };
}

/** The page's place the first of `words` that names one denotes ("libyan" → Libya), if any. */
function pagePlace(
  words: readonly string[],
  places: ReadonlyMap<string, { name: string; type: EntityType }>,
): { name: string; type: EntityType } | undefined {
  for (const word of words) {
    const names = placeNames(word);
    // Only a known place name or demonym: "the old city of X" names no country.
    if (names.length === 0) continue;
    for (const n of [word, ...names]) {
      const found = places.get(nameKey(n));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Labels of a role held now: a past one ("former CEO", "stepped down as") is neither. */
const PRESENT_ROLES: ReadonlySet<string> = new Set(['ceo_of', 'works_for']);

/** Labels whose object is a made or used thing: a product or a technology, not an event, a work or a nationality ("Amazon's Indian operations"). */
const THING_OBJECT_LABELS = new Set(['develops', 'uses']);

function objectFits(label: string, type: EntityType): boolean {
  return !THING_OBJECT_LABELS.has(label) || type === 'product' || type === 'technology';
}

/** Mentions as token spans of the sentence, with their entities (unresolved ones dropped). */
function place(mentions: readonly Mention[], tokens: readonly Token[], offset: number, resolve: Resolve): Placed[] {
  const out: Placed[] = [];
  for (const m of mentions) {
    if (out.length >= MAX_MENTIONS_PER_SENTENCE) break;
    const entity = resolve(m);
    if (entity === undefined) continue;
    const start = tokens.findIndex((t) => t.end > m.start - offset);
    let end = start;
    while (end < tokens.length && (tokens[end]?.start ?? Number.POSITIVE_INFINITY) < m.end - offset) end += 1;
    if (start < 0 || end <= start) continue;
    const span: Span = { start, end, type: coarseType(entity.type) };
    // "their Ryzen PRO processors": the product noun joins the name, and an organization so called is a thing here.
    if (entity.type !== 'person' && entity.type !== 'location' && namedThing(tokens, span))
      out.push({ entity, span: { start, end: end + 1, type: 'misc' }, thing: true });
    else out.push({ entity, span });
  }
  return out;
}

/**
 * The most probable typed label of the pair in either order among those whose types fit
 * and, when `gated`, whose trigger the sentence holds (`triggers.ts`); none when no label qualifies.
 */
function decide(
  model: RelationModel,
  tokens: readonly Token[],
  a: Placed,
  b: Placed,
  others: readonly Span[],
  gated: boolean,
): { label: (typeof RELATION_CLASSES)[number]; p: number; forward: boolean } | undefined {
  let out: { label: (typeof RELATION_CLASSES)[number]; p: number; forward: boolean } | undefined;
  for (const forward of [true, false]) {
    const [s, o] = forward ? [a, b] : [b, a];
    const probs = probabilities(model, pairFeatures(tokens, s.span, o.span, others, model.bits));
    for (let k = 1; k < RELATION_CLASSES.length; k++) {
      const label = RELATION_CLASSES[k];
      const p = probs[k] ?? 0;
      if (label === undefined || label === 'none' || !typesFit(label, s.span.type, o.span.type)) continue;
      if (out !== undefined && p <= out.p) continue;
      if (!gated || triggered(label, tokens, s.span, o.span, others)) out = { label, p, forward };
    }
  }
  return out;
}
