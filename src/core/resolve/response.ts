/**
 * Small helpers that assemble the resolve response: the request id, the path
 * recorder and the error response. Kept apart so the resolver reads as its phases.
 */
import type { Clock } from '../graph/ids';
import { fnv1a } from '../text/normalize';
import type { ResolutionStep, ResolvePhase, ResolveResponse } from './schema';

/** Collects `resolution_path` steps in order. */
export class PathRecorder {
  readonly steps: ResolutionStep[] = [];
  add(phase: ResolvePhase, action: string, source: string, note: string): void {
    this.steps.push({ phase, action, source, note });
  }
}

/** JSON with object keys sorted, so equal values always serialize equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Two 32-bit FNV hashes of the text, as 16 hex digits. */
export function digest(text: string): string {
  return fnv1a(text, 1).toString(16).padStart(8, '0') + fnv1a(text, 2).toString(16).padStart(8, '0');
}

/**
 * Request ids: with `deterministic`, a digest of the request alone (same request →
 * same id); otherwise the digest mixed with the clock and a counter.
 */
export function requestIdFactory(clock: Clock): (request: unknown, deterministic: boolean) => string {
  let counter = 0;
  return (request, deterministic) => {
    const body = canonicalJson(request);
    if (deterministic) return `res_${digest(body)}`;
    counter++;
    return `res_${digest(`${body}|${clock.now()}|${counter}`)}`;
  };
}

export function metaOf(requestId: string, clock: Clock, startedAt: number): ResolveResponse['meta'] {
  const now = clock.now();
  return { request_id: requestId, timestamp: new Date(now).toISOString(), duration_ms: Math.max(0, now - startedAt) };
}

export function errorResponse(code: string, message: string, path: PathRecorder, meta: ResolveResponse['meta']): ResolveResponse {
  return { status: 'error', confidence: 0, candidates: [], resolution_path: path.steps, meta, error: { code, message } };
}
