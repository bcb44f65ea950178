/**
 * A scripted model for page reading, served by the scripted OpenAI-compatible server:
 * it reads the page text out of the request's delimited block and answers the
 * extraction schema with facts grounded in that text (capitalized names, and a
 * relation for each sentence naming two of them), plus, when asked, facts it
 * invents (names and quotes that are nowhere in the page), counted so a test or a
 * bench can check that every one was dropped. Other modes answer malformed JSON,
 * JSON of the wrong shape, HTTP 5xx, or slowly.
 *
 * @example
 *   const tally = newTally();
 *   const server = await startScriptedServer([extractionStep({ invent: true }, tally)], { models: ['scripted'] });
 */
import type { Extraction } from '../../src/core/llm-read/schema';
import { PAGE_CLOSE, PAGE_OPEN } from '../../src/core/llm-read/prompt';
import { sentencePieces } from '../../src/core/llm-read/chunk';
import { normalized } from '../../src/core/llm-read/verify';
import type { RecordedRequest, Reply, Step } from './scripted-llm-server';
import { userPrompt } from './scripted-llm-server';

export type ExtractionMode = 'grounded' | 'malformed' | 'wrong-shape' | 'error' | 'slow';

export interface ExtractionScript {
  readonly mode?: ExtractionMode;
  /** Adds invented facts to each answer (an entity, an alias, a relation with a made-up quote, one with an end not in its sentence). */
  readonly invent?: boolean;
  /** Delay of the `slow` mode, and of every answer when set. */
  readonly delayMs?: number;
}

/** What the scripted model said over all its answers. */
export interface ExtractionTally {
  answers: number;
  groundedEntities: number;
  groundedRelations: number;
  inventedEntities: number;
  inventedAliases: number;
  inventedRelations: number;
}

export function newTally(): ExtractionTally {
  return { answers: 0, groundedEntities: 0, groundedRelations: 0, inventedEntities: 0, inventedAliases: 0, inventedRelations: 0 };
}

/** The page text of an extraction request: what sits between the delimiters of its user message. */
export function pageTextOf(request: RecordedRequest): string {
  const prompt = userPrompt(request);
  const start = prompt.indexOf(PAGE_OPEN);
  const end = prompt.lastIndexOf(PAGE_CLOSE);
  return start < 0 || end < start ? '' : prompt.slice(start + PAGE_OPEN.length, end).trim();
}

/** Names the page writes: runs of up to three capitalized words, not opening a sentence alone. */
export function capitalizedNames(sentence: string): string[] {
  const names: string[] = [];
  let run: string[] = [];
  const words = sentence.split(' ');
  const flush = (): void => {
    if (run.length > 0 && !(run.length === 1 && names.length === 0 && words[0] === run[0])) names.push(run.join(' '));
    run = [];
  };
  for (const raw of words) {
    const word = trimToWord(raw);
    const capital = word.length > 1 && word[0] !== undefined && word[0] !== word[0].toLowerCase();
    if (capital && run.length < 3) run.push(word);
    else flush();
    if (capital && raw !== word) flush(); // punctuation ends a name
  }
  flush();
  return [...new Set(names)];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The word without the punctuation around it ("(Stripe," → "Stripe"), by index: no regex can go quadratic on a long run of marks. */
function trimToWord(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && !WORD_CHAR.test(raw.charAt(start))) start++;
  while (end > start && !WORD_CHAR.test(raw.charAt(end - 1))) end--;
  return raw.slice(start, end);
}

const INVENTED = { entity: 'Qzorvath Dynamics', alias: 'Vexmoor Labs', person: 'Ilvana Trask' };

/** Facts read from the text: every sentence's names, and `uses` between the first two names of a sentence naming two. */
export function groundedExtraction(text: string, maxEntities = 40, maxRelations = 20): Extraction {
  const entities = new Map<string, Extraction['entities'][number]>();
  const relations: Extraction['relations'] = [];
  for (const sentence of sentencePieces(text, 1_000)) {
    const names = capitalizedNames(sentence);
    for (const name of names)
      if (entities.size < maxEntities && !entities.has(name)) entities.set(name, { name, type: 'other', aliases: [] });
    const [from, to] = names;
    if (from !== undefined && to !== undefined && relations.length < maxRelations && entities.has(from) && entities.has(to))
      relations.push({ from, label: 'uses', to, sentence });
  }
  return { entities: [...entities.values()], relations };
}

/** Facts the page does not state: a made-up entity, a made-up alias on a real one, a made-up quote, an end missing from its sentence. */
export function inventedExtraction(grounded: Extraction): Extraction {
  const real = grounded.entities[0];
  const relation = grounded.relations[0];
  const entities: Extraction['entities'] = [{ name: INVENTED.entity, type: 'company', aliases: [] }];
  if (real !== undefined) entities.push({ ...real, aliases: [INVENTED.alias] });
  const relations: Extraction['relations'] = [];
  if (real !== undefined)
    relations.push({
      from: real.name,
      label: 'founded_by',
      to: INVENTED.person,
      sentence: `${real.name} was founded by ${INVENTED.person} in 1802.`,
    });
  if (relation !== undefined && real !== undefined) {
    // Compared as verification compares: an end the sentence names in any spelling is not an invention.
    const sentence = normalized(relation.sentence);
    const other = grounded.entities.find((e) => !sentence.includes(normalized(e.name)));
    if (other !== undefined) relations.push({ from: relation.from, label: 'works_for', to: other.name, sentence: relation.sentence });
  }
  return { entities, relations };
}

/** Tokens counted as a server would report them: about four characters each, over every message sent. */
function promptTokens(request: RecordedRequest): number {
  return request.body.messages.reduce((n, m) => n + Math.ceil((m.content ?? '').length / 4), 0);
}

function answer(extraction: Extraction, request: RecordedRequest): Reply {
  const content = JSON.stringify(extraction);
  return {
    json: {
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens(request), completion_tokens: Math.ceil(content.length / 4) },
    },
  };
}

/** A server step answering extraction requests as scripted, counting into `tally`. */
export function extractionStep(script: ExtractionScript, tally: ExtractionTally = newTally()): Step {
  return (request) => {
    const delay = script.delayMs === undefined ? {} : { delayMs: script.delayMs };
    const mode = script.mode ?? 'grounded';
    if (mode === 'error') return { status: 503, json: { error: { message: 'model crashed' } }, ...delay };
    if (mode === 'malformed') return { ...answerText('{"entities": [ {"name": "Stripe", '), ...delay };
    if (mode === 'wrong-shape') return { json: wrongShape(), ...delay };
    tally.answers++;
    const grounded = groundedExtraction(pageTextOf(request));
    tally.groundedEntities += grounded.entities.length;
    tally.groundedRelations += grounded.relations.length;
    if (!script.invent) return { ...answer(grounded, request), ...(mode === 'slow' ? { delayMs: script.delayMs ?? 2_000 } : delay) };
    const invented = inventedExtraction(grounded);
    tally.inventedEntities += 1;
    tally.inventedAliases += invented.entities.length - 1;
    tally.inventedRelations += invented.relations.length;
    const merged: Extraction = {
      entities: [...grounded.entities, ...invented.entities],
      relations: [...grounded.relations, ...invented.relations],
    };
    return { ...answer(merged, request), ...(mode === 'slow' ? { delayMs: script.delayMs ?? 2_000 } : delay) };
  };
}

function answerText(content: string): Reply {
  return {
    json: { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] },
  };
}

function wrongShape(): unknown {
  const content = JSON.stringify({ facts: [{ subject: 'Stripe', predicate: 'is', object: 'great' }] });
  return { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] };
}
