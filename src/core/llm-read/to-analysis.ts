/**
 * Verified LLM findings as a `CaptureAnalysis`, the shape ingestion takes, so they go
 * through the same resolver and relation writes as the offline extractor's.
 *
 * @example
 *   await ingestCapture(findingsAnalysis(page, reading.findings), deps, { provenance: { extractor: 'llm', model } });
 */
import type { AnalyzedEntity, AnalyzedRelation, CaptureAnalysis } from '../capture';
import type { VerifiedFindings } from './verify';

/** The model gives no salience: every LLM entity weighs the same (ingestion then orders them by name). */
const LLM_SALIENCE = 0.5;

export function findingsAnalysis(page: { readonly url: string; readonly title: string }, findings: VerifiedFindings): CaptureAnalysis {
  const entities = findings.entities.map((e): AnalyzedEntity => ({
    name: e.name,
    type: e.type,
    aliases: e.aliases,
    attributes: {},
    salience: LLM_SALIENCE,
    mentions: 1,
    snippet: e.snippet,
    origin: 'text',
  }));
  const relations = findings.relations.map((r): AnalyzedRelation => ({
    from: r.from,
    to: r.to,
    label: r.label,
    snippet: r.sentence,
    origin: 'text',
  }));
  return { url: page.url, title: page.title, entities, relations, notes: [], analyzeMs: 0 };
}
