/**
 * The trained recognizer behind the `EntityRecognizer` port: tokenizes raw text,
 * labels it with the shipped model (Viterbi per sentence, prediction history across
 * the document) and maps token spans back to character offsets. Names the graph
 * already knows (`options.gazetteer`) are fed to the model as gazetteer features and
 * added afterwards where the model found nothing.
 */
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { ORGANIZATION_NAME_WORDS } from '../rules/lexicon/cues';
import { InvalidArgumentsError } from '../../core/errors';
import type { EntityRecognizer, Gazetteer, RecognizeOptions } from '../mentions/recognizer';
import { allowed, labelDocument, prepareDocument, spansOf, WordScoreCache, type ExtraMarker } from './decode';
import { FeatureExtractor, isCapitalized, wordFlags } from './features';
import { beginBit, insideBit, MAX_PHRASE_TOKENS } from './gazetteer';
import { MODEL_TYPES, TAG_COUNT, typeId } from './labels';
import type { NerModel } from './model';
import { MAX_SENTENCE_TOKENS, tokenSentences, tokenize, type Token } from '../../nlp';

/** Longest text accepted in one call (5× the capture limit; the eval's documents are far smaller). */
export const MAX_RECOGNIZE_CHARS = 1_000_000;
/** Mentions returned per call at most (a page with more is a list, not an article). */
export const MAX_MENTIONS = 20_000;
/**
 * Softmax temperature (in averaged-perceptron score units) for the per-token
 * confidence: perceptron margins are large, and at 1 nearly every score is 0 or 1.
 * On eng.testa at 16, spans scored 0.8–1 were 97% right, 0.6–0.8 85%, 0.2–0.4 35%.
 */
export const DEFAULT_TEMPERATURE = 16;
/** Score of a name added only because the graph knows it (the model saw no entity there). */
const GAZETTEER_ONLY_SCORE = 0.5;

interface GraphMatch {
  readonly start: number;
  readonly end: number;
  readonly type: number;
}

export class TrainedRecognizer implements EntityRecognizer {
  readonly name = 'trained-perceptron';
  private readonly extractor: FeatureExtractor;
  private readonly wordScores = new WordScoreCache();

  constructor(
    private readonly model: NerModel,
    private readonly temperature = DEFAULT_TEMPERATURE,
  ) {
    this.extractor = new FeatureExtractor(model.bits);
  }

  /**
   * @example
   *   recognizer.recognize('Patrick Collison founded Stripe in San Francisco.')
   *   // [{ text: 'Patrick Collison', type: 'person', start: 0, end: 16, score: 0.9… }, …]
   */
  recognize(text: string, options?: RecognizeOptions): Mention[] {
    if (text.length > MAX_RECOGNIZE_CHARS) {
      throw new InvalidArgumentsError(
        `text of ${text.length} characters is too long to recognize at once (limit ${MAX_RECOGNIZE_CHARS}); split it into chunks`,
      );
    }
    const tokens = tokenize(text);
    const bounds = tokenSentences(text, tokens, MAX_SENTENCE_TOKENS);
    const sentences = bounds.map(([a, b]) => tokens.slice(a, b));
    const strings = sentences.map((s) => s.map((t) => t.text));
    const graphMatches: GraphMatch[][] = sentences.map(() => []);
    const extra: ExtraMarker | undefined =
      options?.gazetteer === undefined ? undefined : graphMarker(options.gazetteer, text, sentences, graphMatches);
    const prepared = prepareDocument(this.extractor, this.model.gazetteer, strings, -1, extra);
    const mentions: Mention[] = [];
    const scale = this.model.scale / this.temperature;
    labelDocument(
      this.model,
      this.extractor,
      prepared,
      (s, result) => {
        const sent = sentences[s] ?? [];
        const found = spansOf(result.tags);
        for (const cut of found.flatMap((f) => splitAtVerbs(f, sent))) {
          const span = withOrganizationTail(cut, sent, found);
          const first = sent[span.start];
          const last = sent[span.end - 1];
          if (first === undefined || last === undefined) continue;
          let confidence = 0;
          for (let i = cut.start; i < cut.end; i++) {
            confidence += tokenConfidence(
              result.emissions,
              this.model.transitions,
              i,
              i > 0 ? (result.tags[i - 1] ?? 0) : -1,
              result.tags[i] ?? 0,
              scale,
            );
          }
          const surface = text.slice(first.start, last.end);
          const known = options?.gazetteer?.lookup(surface);
          mentions.push({
            text: surface,
            type: known ?? organizationType(MODEL_TYPES[span.type] ?? 'other', span.end > cut.end || ORGANIZATION_TAILS.has(last.text)),
            start: first.start,
            end: last.end,
            score: round(confidence / (cut.end - cut.start)),
          });
        }
        for (const m of graphMatches[s] ?? []) {
          const overlaps = found.some((f) => f.start < m.end && m.start < f.end);
          const first = sent[m.start];
          const last = sent[m.end - 1];
          if (overlaps || first === undefined || last === undefined) continue;
          mentions.push({
            text: text.slice(first.start, last.end),
            type: MODEL_TYPES[m.type] ?? 'other',
            start: first.start,
            end: last.end,
            score: GAZETTEER_ONLY_SCORE,
          });
        }
      },
      this.wordScores,
    );
    // Stable: by start, then longer first (graph additions never overlap model spans).
    mentions.sort((a, b) => a.start - b.start || b.end - a.end);
    return mentions.slice(0, MAX_MENTIONS);
  }
}

/**
 * Lower-case words that state something about a name and never stand inside one: a span the
 * model runs across one ("Pega Infinity is Pegasystems’ platform") is two names.
 */
const CLAUSE_VERBS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'says', 'said', 'will', 'would']);

/** `span` cut at each clause verb inside it (the verb dropped); the span itself when none is. */
export function splitAtVerbs<S extends { readonly start: number; readonly end: number }>(
  span: S,
  tokens: ReadonlyArray<{ readonly text: string }>,
): S[] {
  const out: S[] = [];
  let from = span.start;
  for (let i = span.start; i < span.end; i++) {
    if (!CLAUSE_VERBS.has(tokens[i]?.text ?? '')) continue;
    if (i > from) out.push({ ...span, start: from, end: i });
    from = i + 1;
  }
  if (from === span.start) return [span];
  if (span.end > from) out.push({ ...span, start: from, end: span.end });
  return out;
}

/**
 * Words that end an organization's name, which the model may leave out of the span before them
 * ("Contoso Group", "Ada R. Quinn Company": the name is the span and the word) or type as
 * the person the span starts with: the name words, and a few nouns and legal forms.
 */
const ORGANIZATION_TAILS: ReadonlySet<string> = new Set([
  ...ORGANIZATION_NAME_WORDS,
  'Bank',
  'Company',
  'Corporation',
  'Inc',
  'Ltd',
  'LLC',
  'GmbH',
]);

/**
 * A name ending in an organization word is a company when the word was taken in or the model
 * called the name a person ("Dana F. Besecker Company"); a place keeps its type ("West Bank").
 */
function organizationType(model: EntityType, endsInOrganizationWord: boolean): EntityType {
  return endsInOrganizationWord && model !== 'location' ? 'company' : model;
}

/**
 * `span` with the organization word right after it taken in (the mention's score stays the
 * model span's); the span itself when the next token is no such word or already starts
 * another span.
 */
export function withOrganizationTail<S extends { readonly start: number; readonly end: number }>(
  span: S,
  tokens: ReadonlyArray<{ readonly text: string }>,
  spans: ReadonlyArray<{ readonly start: number }>,
): S {
  const next = tokens[span.end]?.text ?? '';
  if (!ORGANIZATION_TAILS.has(next) || spans.some((s) => s.start === span.end)) return span;
  return { ...span, end: span.end + 1 };
}

/**
 * Softmax probability of `tag` at token i among the tags allowed after the predicted
 * previous tag, scoring each by emission + transition.
 */
function tokenConfidence(emissions: Float64Array, transitions: Float64Array, i: number, prev: number, tag: number, scale: number): number {
  const base = i * TAG_COUNT;
  const row = (prev + 1) * TAG_COUNT;
  const chosen = (emissions[base + tag] ?? 0) + (transitions[row + tag] ?? 0);
  let sum = 0;
  for (let y = 0; y < TAG_COUNT; y++) {
    if (!allowed(prev, y)) continue;
    sum += Math.exp(((emissions[base + y] ?? 0) + (transitions[row + y] ?? 0) - chosen) * scale);
  }
  return 1 / sum;
}

function round(x: number): number {
  return Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
}

/**
 * Marks names the graph knows as gazetteer features and records them for the
 * post-pass. Uses `longestMatch` when the gazetteer has it, otherwise looks up the
 * surface of capitalized token runs up to MAX_PHRASE_TOKENS long.
 */
function graphMarker(gazetteer: Gazetteer, text: string, sentences: readonly (readonly Token[])[], matches: GraphMatch[][]): ExtraMarker {
  return (s, tokens, _lower, out) => {
    const sent = sentences[s] ?? [];
    const found = matches[s];
    if (found === undefined) return;
    for (let i = 0; i < tokens.length; i++) {
      const first = sent[i];
      if (first === undefined || !isCapitalized(wordFlags(first.text))) continue;
      let len = 0;
      let type: number = -1;
      if (gazetteer.longestMatch !== undefined) {
        len = Math.min(gazetteer.longestMatch(tokens, i), tokens.length - i);
        const last = sent[i + len - 1];
        const known = len > 0 && last !== undefined ? gazetteer.lookup(text.slice(first.start, last.end)) : undefined;
        type = known === undefined ? -1 : typeId(known);
      } else {
        for (let k = Math.min(MAX_PHRASE_TOKENS, tokens.length - i); k >= 1; k--) {
          const last = sent[i + k - 1];
          const known = last === undefined ? undefined : gazetteer.lookup(text.slice(first.start, last.end));
          if (known !== undefined) {
            len = k;
            type = typeId(known);
            break;
          }
        }
      }
      if (len <= 0 || type < 0) continue;
      found.push({ start: i, end: i + len, type });
      out[i] = (out[i] ?? 0) | beginBit(type);
      for (let k = 1; k < len; k++) out[i + k] = (out[i + k] ?? 0) | insideBit(type);
      i += len - 1;
    }
  };
}
