/**
 * `resolve_reference_target`: the public API for the
 * background (the registry; the tool is core/tools/definitions/resolve-reference-target.ts), the query loop (hints + follow-up planner) and the
 * side panel (descriptors and candidates to show).
 *
 * @example
 *   const references = new ReferenceRegistry({ clock });
 *   toolRegistry.register(resolveReferenceTargetTool); // from tools/definitions; deps: { references }
 *   const plan = planReferenceFollowUp({ question, chatId, topicId, currentMessageId, senderUserId }, (r) => references.resolve(r));
 */
export * from './kinds';
export * from './schema';
export { ReferenceRegistry, DEFAULT_REFERENCE_LIMITS, MAX_CAPTURE_ENTITIES, MAX_CAPTURE_MEDIA } from './registry';
export type {
  ReferenceLimits,
  ChatView,
  StoredObject,
  StoredMessage,
  MessageAuthor,
  RecordMessageInput,
  RecordAnswerInput,
  RecordObjectInput,
  RecordCaptureInput,
  CaptureMedia,
  CaptureEntity,
  ResolveOptions,
} from './registry';
export { resolveReferenceTarget } from './resolve';
export type { ResolveContext } from './resolve';
export { formatReferenceLog } from './log';
export type { ReferenceLogger, ReferenceLogRecord } from './log';
export { extractReferenceHints, MAX_HINT_TEXT_CHARS } from './hints';
export type { ExtractedReference, FoundCue, CueType } from './hints';
export { HINT_LANGUAGES } from './lexicon';
export type { HintLanguage } from './lexicon';
export { planReferenceFollowUp } from './follow-up';
export type { FollowUpInput, FollowUpPlan, MergeSide, ReferenceResolver } from './follow-up';
