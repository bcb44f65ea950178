/**
 * Errors in words a user understands: the stable error code decides the sentence,
 * the message (already written for people by the core) adds the detail.
 *
 * @example userError(new AriadneError('unavailable', '…')) // 'Ariadne's background is not answering. …'
 */
import { AriadneError } from '../core/errors';

const LEAD: Partial<Record<string, string>> = {
  unavailable: "Ariadne's background is not answering. Reload the extension and try again.",
  quota_exceeded:
    'The browser ran out of storage for Ariadne. Export your graph, then free some space or ask for persistent storage in Settings.',
  timeout: 'That took too long and was stopped. Try again, or narrow the request.',
  approval_denied: 'The request was refused.',
  internal: 'Something went wrong inside Ariadne.',
};

export function userError(error: unknown): string {
  if (error instanceof AriadneError) {
    const lead = LEAD[error.code];
    return lead === undefined ? error.message : `${lead} (${error.message})`;
  }
  if (error instanceof Error) return `Something went wrong: ${error.message}`;
  return 'Something went wrong.';
}
