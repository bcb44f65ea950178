/**
 * The language engine: one tokenizer and one sentence splitter for every reader of page
 * text (capture's recognizers and relation rules, re-reading, the LLM reading's chunks and
 * verification, question-time sentence reading). Pure TypeScript: it imports nothing
 * outside this folder (`src/layering.test.ts`), so capture and the core may both use it.
 */
export { MAX_SENTENCE_CHARS, MAX_SENTENCE_TOKENS, sentenceEndAt, splitSentences, tokenSentences, type SentenceRange } from './sentences';
export { lowerWords, MAX_TOKENS, tokenize, wordPieces, type Token } from './tokens';
export { wholeWordsAt, type OccurrenceLimits } from './occurrences';
