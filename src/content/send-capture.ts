/**
 * The content script's one message: hand a capture to the background and read the
 * acknowledgement. The reply comes from Ariadne's own background, so its envelope is
 * checked by hand here (the protocol's schemas stay out of the page); the background
 * validates the capture itself on arrival.
 *
 * @example
 *   const captureId = await sendCapture(capture, runtimeTransport);
 */
import type { PageCapture } from '../core/capture';
import { AriadneError, ERROR_CODES } from '../core/errors';
import type { ErrorCode } from '../core/errors';
import type { Transport } from '../messaging/transport';

const CAPTURE_ID = /^c_[0-9a-f]{32}$/;

/** Sends `page.captured`; resolves with the capture id, or throws the background's error (`unavailable` when none answered). */
export async function sendCapture(capture: PageCapture, transport: Transport): Promise<string> {
  let raw: unknown;
  try {
    raw = await transport({ type: 'page.captured', capture });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new AriadneError('unavailable', `The Ariadne background did not answer (${why}). Reload the extension and retry.`);
  }
  const field = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  const ok = field(raw, 'ok');
  const captureId = field(field(raw, 'result'), 'captureId');
  if (ok === true && typeof captureId === 'string' && CAPTURE_ID.test(captureId)) return captureId;
  const error = field(raw, 'error');
  const code = field(error, 'code');
  const message = field(error, 'message');
  if (ok === false && isErrorCode(code) && typeof message === 'string') throw new AriadneError(code, message);
  throw new AriadneError('internal', 'The background sent a malformed reply to "page.captured".');
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
