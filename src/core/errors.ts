/**
 * The error typology shared by every core module and every boundary (tool calls,
 * messages, the MCP bridge). Tests check `code`, never the message.
 *
 * @example
 *   throw new NotFoundError('entity "Stripe" does not exist; add it with entity_add first');
 */
export const ERROR_CODES = [
  'invalid_arguments',
  'not_found',
  'ambiguous',
  'conflict',
  'approval_required',
  'approval_denied',
  'forbidden',
  'timeout',
  'unavailable',
  'quota_exceeded',
  /** Something from outside (a response, a frame) was larger than Ariadne reads; reading stopped at the cap. */
  'too_large',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The wire form of an error: `{ code, message, details? }`. */
export interface ErrorShape {
  readonly code: ErrorCode;
  readonly message: string;
  readonly details?: unknown;
}

export class AriadneError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AriadneError';
    this.code = code;
    this.details = details;
  }
  toShape(): ErrorShape {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export class InvalidArgumentsError extends AriadneError {
  constructor(message: string, details?: unknown) {
    super('invalid_arguments', message, details);
    this.name = 'InvalidArgumentsError';
  }
}
export class NotFoundError extends AriadneError {
  constructor(message: string, details?: unknown) {
    super('not_found', message, details);
    this.name = 'NotFoundError';
  }
}
export class AmbiguousError extends AriadneError {
  constructor(message: string, details?: unknown) {
    super('ambiguous', message, details);
    this.name = 'AmbiguousError';
  }
}
export class ConflictError extends AriadneError {
  constructor(message: string, details?: unknown) {
    super('conflict', message, details);
    this.name = 'ConflictError';
  }
}

export class TooLargeError extends AriadneError {
  constructor(message: string, details?: unknown) {
    super('too_large', message, details);
    this.name = 'TooLargeError';
  }
}

/** Turns anything thrown into the wire shape; unknown errors become `internal`. */
export function toErrorShape(error: unknown): ErrorShape {
  if (error instanceof AriadneError) return error.toShape();
  if (isQuotaError(error)) {
    return {
      code: 'quota_exceeded',
      message:
        'The browser refused to store more data (storage quota exceeded). Free space or export and clear old data; nothing already stored was changed.',
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Unexpected error: ${message.slice(0, 300)}` };
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = 'name' in error ? String(error.name) : '';
  const inner = 'inner' in error ? error.inner : undefined;
  return name === 'QuotaExceededError' || (inner !== undefined && isQuotaError(inner));
}
