/**
 * Query loop figures:
 *  - symbolic answer latency p50/p95 on a generated 10,000-entity graph (in-memory store);
 *  - estimated prompt tokens per LLM call on the question set (goal ≤ 2,000);
 *  - LLM round trips per answered question, with the LLM answerer against a scripted
 *    OpenAI-compatible server over real HTTP (a policy model: expand the entity the
 *    question names, then answer).
 * Run: npm run bench:query   (last line: JSON summary)
 */
import { fixedClock } from '../src/core/graph/ids';
import { createQueryEngine } from '../src/core/query/entity-query';
import { buildGeneratedGraph } from '../src/core/query/fixtures/generated-graph';
import { buildStripeGraph, FIXTURE_NOW, STRIPE_PAGE } from '../src/core/query/fixtures/stripe-graph';
import { LlmAnswerer } from '../src/adapters/llm/llm-answerer';
import { OpenAiCompatibleClient } from '../src/adapters/llm/openai-compatible-client';
import { allowedValues, startScriptedServer, textReply, toolCallReply, userPrompt } from '../tooling/testing/scripted-llm-server';

const SIZE = Number(process.env.QUERY_BENCH_SIZE ?? 10_000);
const ROUNDS = 3;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const round1 = (x: number): number => Math.round(x * 10) / 10;

async function symbolicAtScale() {
  const t0 = performance.now();
  const { builder, facts } = await buildGeneratedGraph(SIZE);
  const counts = await builder.store.counts();
  console.log(
    `generated graph: ${counts.entities} entities, ${counts.relationships} relationships in ${Math.round(performance.now() - t0)} ms`,
  );
  const engine = createQueryEngine({ store: builder.store, clock: fixedClock(FIXTURE_NOW) });
  const questions: string[] = [];
  for (let i = 0; i < 20; i++) {
    const c = facts.companies[(i * 97) % facts.companies.length] ?? '';
    const t = facts.technologies[(i * 31) % facts.technologies.length] ?? '';
    const c2 = facts.companies[(i * 193 + 5) % facts.companies.length] ?? '';
    questions.push(
      `what do we know about ${c}?`,
      `which companies use ${t}?`,
      `who founded ${c}?`,
      `where is ${c}?`,
      `how are ${c} and ${c2} connected?`,
    );
  }
  questions.push(
    'list the companies',
    'which technologies do we have?',
    'what are the most connected entities?',
    'what did I capture today?',
  );
  const latencies: number[] = [];
  const tokens: number[] = [];
  const turns: number[] = [];
  const byConfidence = { high: 0, medium: 0, low: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of questions) {
      const start = performance.now();
      const result = await engine.executeQuery(q);
      latencies.push(performance.now() - start);
      if (r === 0) {
        tokens.push(...result.contextTokens);
        turns.push(result.answererCalls);
        byConfidence[result.answer.confidence]++;
      }
    }
  }
  latencies.sort((a, b) => a - b);
  tokens.sort((a, b) => a - b);
  return {
    entities: counts.entities,
    relationships: counts.relationships,
    questions: questions.length,
    p50Ms: round1(percentile(latencies, 50)),
    p95Ms: round1(percentile(latencies, 95)),
    maxMs: round1(latencies.at(-1) ?? 0),
    tokensPerCallMean: Math.round(tokens.reduce((a, b) => a + b, 0) / Math.max(1, tokens.length)),
    tokensPerCallP95: percentile(tokens, 95),
    tokensPerCallMax: tokens.at(-1) ?? 0,
    turnsPerQuestion: round1(turns.reduce((a, b) => a + b, 0) / Math.max(1, turns.length)),
    confidence: byConfidence,
  };
}

async function llmRoundTrips() {
  const { store } = await buildStripeGraph();
  const server = await startScriptedServer([
    (r) => {
      const prompt = userPrompt(r);
      const question = JSON.parse(/^Question: (.*)$/m.exec(prompt)?.[1] ?? '""') as string;
      // Expand the first expandable entity whose name the question contains; otherwise answer.
      const target = allowedValues(r, 'expand_entity', 'entityId').find((id) => {
        const name = new RegExp(`summary ${id} type=\\w+ name=("[^"]*")`).exec(prompt)?.[1];
        return name !== undefined && question.toLowerCase().includes((JSON.parse(name) as string).toLowerCase());
      });
      if (r.body.tools && target) return toolCallReply('expand_entity', { entityId: target });
      const cited = /(?:entity|summary) (e_[0-9a-z]+)/.exec(prompt)?.[1] ?? '';
      return textReply(`Answer from the graph.\nCONFIDENCE: medium\nSOURCES: ${cited}`);
    },
  ]);
  try {
    const client = new OpenAiCompatibleClient({ baseUrl: server.baseUrl, model: 'scripted', timeoutMs: 5000 });
    const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW), answerer: new LlmAnswerer(client) });
    const questions = [
      'what do we know about Stripe?',
      'which companies use Rust?',
      'who founded Stripe?',
      'who leads Stripe?',
      'where is Paystack?',
      'how are Paystack and Patrick Collison connected?',
      'list all companies',
      'what are the most connected entities?',
      'what did I capture from this page?',
      'what does Stripe use?',
      'who is Patrick Collison?',
      'what is Rust?',
    ];
    const trips: number[] = [];
    const tokens: number[] = [];
    let answeredByLlm = 0;
    for (const q of questions) {
      const before = server.requests.length;
      const result = await engine.executeQuery(q, { pageUrl: STRIPE_PAGE });
      trips.push(server.requests.length - before);
      tokens.push(...result.contextTokens);
      if (result.answerer === 'openai-compatible') answeredByLlm++;
    }
    tokens.sort((a, b) => a - b);
    return {
      questions: questions.length,
      answeredByLlm,
      roundTripsMean: round1(trips.reduce((a, b) => a + b, 0) / trips.length),
      roundTripsMax: Math.max(...trips),
      tokensPerCallMean: Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length),
      tokensPerCallMax: tokens.at(-1) ?? 0,
    };
  } finally {
    await server.close();
  }
}

const symbolic = await symbolicAtScale();
console.log(
  `symbolic answerer at ${symbolic.entities} entities: p50 ${symbolic.p50Ms} ms, p95 ${symbolic.p95Ms} ms, max ${symbolic.maxMs} ms over ${symbolic.questions * ROUNDS} answers`,
);
console.log(
  `estimated prompt tokens per call (if an LLM received the same context): mean ${symbolic.tokensPerCallMean}, p95 ${symbolic.tokensPerCallP95}, max ${symbolic.tokensPerCallMax} (goal ≤ 2000)`,
);
console.log(`answerer turns per question: ${symbolic.turnsPerQuestion}; confidence ${JSON.stringify(symbolic.confidence)}`);
const llm = await llmRoundTrips();
console.log(
  `LLM answerer vs scripted server: ${llm.roundTripsMean} round trips per answered question (max ${llm.roundTripsMax}), ${llm.answeredByLlm}/${llm.questions} answered by the LLM; tokens per call mean ${llm.tokensPerCallMean}, max ${llm.tokensPerCallMax}`,
);
console.log(JSON.stringify({ bench: 'query', symbolic, llm }));
