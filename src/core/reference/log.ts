/**
 * The compact log line of `resolve_reference_target` (PRD "Observability"): request
 * id, chat, topic, message, candidate count, status, top candidate ids and the top
 * score gap. Never the user's text: ids are restricted to a safe alphabet by the
 * schema, so a line cannot carry prompt-sized or injected content.
 */
import type { ResolutionStatus } from './kinds';

export interface ReferenceLogRecord {
  readonly event: 'resolve_reference_target';
  readonly request_id: string;
  readonly chat_id: string;
  readonly topic_id: string | null;
  readonly current_message_id: string;
  /** Candidates scored (after the allowed_kinds filter). */
  readonly candidate_count: number;
  readonly status: ResolutionStatus;
  /** At most three ids, best first. */
  readonly top_ids: readonly string[];
  readonly score_gap: number;
}

/** Where log records go; the background wires it to its logger, tests collect them. */
export type ReferenceLogger = (record: ReferenceLogRecord, line: string) => void;

/** Ids in a log line are cut to this length (they are bounded ids already; this keeps lines short). */
const MAX_LOGGED_ID = 64;
// The request id comes from the caller, not the schema: anything outside the id alphabet is masked.
const UNSAFE = /[^A-Za-z0-9_.:-]/g;

/**
 * Formats a record as one line.
 *
 * @example
 *   formatReferenceLog(record)
 *   // 'resolve_reference_target req=r1 chat=w1 topic=t3 msg=m9 candidates=4 status=resolved top=pg_1,e_2 gap=0.42'
 */
export function formatReferenceLog(r: ReferenceLogRecord): string {
  const id = (s: string): string => s.slice(0, MAX_LOGGED_ID).replace(UNSAFE, '_');
  return [
    r.event,
    `req=${id(r.request_id)}`,
    `chat=${id(r.chat_id)}`,
    `topic=${r.topic_id === null ? '-' : id(r.topic_id)}`,
    `msg=${id(r.current_message_id)}`,
    `candidates=${r.candidate_count}`,
    `status=${r.status}`,
    `top=${r.top_ids.length === 0 ? '-' : r.top_ids.map(id).join(',')}`,
    `gap=${r.score_gap.toFixed(3)}`,
  ].join(' ');
}
