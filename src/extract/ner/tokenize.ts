/**
 * The engine's tokenizer (`src/nlp/tokens.ts`), re-exported where the recognition cues of
 * `extract/mentions/` have always imported it from. Nothing is defined here.
 */
export { tokenize, type Token } from '../../nlp';
