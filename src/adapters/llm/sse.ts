/**
 * Server-sent events as OpenAI-compatible servers stream them: `data: <json>` lines,
 * events separated by a blank line, `data: [DONE]` at the end.
 */

// An event larger than this is not a token delta; refuse rather than buffer without end.
const MAX_EVENT_BYTES = 1_000_000;

/** Yields the `data` payload of each event, stopping at `[DONE]`. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
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
      if (buffer.length > MAX_EVENT_BYTES) throw new Error('stream event too large');
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
