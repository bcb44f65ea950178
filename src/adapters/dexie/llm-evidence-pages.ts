/**
 * The pages an LLM contributed evidence to, for "delete everything LLM reading added".
 * Evidence has no index on its extractor: the rows are walked with a cursor (never
 * loaded as a whole), which is linear in the evidence count and fine for a rare,
 * user-started deletion.
 *
 * @example
 *   const urls = await pagesWithLlmEvidence(db);
 */
import type { AriadneDatabase } from './database';

export async function pagesWithLlmEvidence(db: AriadneDatabase): Promise<string[]> {
  const urls = new Set<string>();
  await db.evidence.each((ev) => {
    if (ev.extractor === 'llm') urls.add(ev.pageUrl);
  });
  return [...urls];
}
