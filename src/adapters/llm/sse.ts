/**
 * Server-sent events as OpenAI-compatible servers stream them: `data: <json>` lines,
 * events separated by a blank line, `data: [DONE]` at the end. The whole stream is
 * read under a byte cap; past it, or when the consumer stops early, the stream is
 * cancelled (the connection closes) rather than left to run on.
 */
import { TooLargeError } from '../../core/errors';

// An event larger than this is not a token delta; refuse rather than buffer without end.
const MAX_EVENT_BYTES = 1_000_000;

/** Yields the `data` payload of each event, stopping at `[DONE]`; throws `too_large` past `maxBytes` in all. */
export async function* sseData(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let bytes = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) finished = true;
      else {
        bytes += value.byteLength;
        if (bytes > maxBytes)
          throw new TooLargeError(`The LLM stream went past ${maxBytes} bytes; it was cut off there.`, { limitBytes: maxBytes });
      }
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const events = buffer.split(/\r?\n\r?\n/);
      buffer = done ? '' : (events.pop() ?? '');
      for (const event of events) {
        const data = event
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data.length === 0) continue;
        if (data === '[DONE]') return;
        yield data;
      }
      if (buffer.length > MAX_EVENT_BYTES)
        throw new TooLargeError(`An LLM stream event went past ${MAX_EVENT_BYTES} characters.`, { limitBytes: MAX_EVENT_BYTES });
      if (done) return;
    }
  } finally {
    // Stopped before the end (the cap, [DONE] with data still coming, or the consumer threw): close the transfer.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
