/**
 * Reads an HTTP response body with a byte cap. The LLM endpoint is remote and
 * untrusted: `response.text()` would hold a body of any size in memory before its
 * size could be checked, so bodies are read chunk by chunk and, past the cap, the
 * stream is cancelled (which closes the connection) instead of drained.
 *
 * @example
 *   const { text, truncated } = await readCappedText(response.body, 16 * 1024);
 */

export interface CappedText {
  /** The body, or its first `maxBytes` bytes when `truncated`. */
  readonly text: string;
  /** True when the body went on past the cap (the rest was never read). */
  readonly truncated: boolean;
}

export async function readCappedText(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<CappedText> {
  if (body === null) return { text: '', truncated: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        parts.push(decoder.decode());
        return { text: parts.join(''), truncated: false };
      }
      const room = maxBytes - bytes;
      if (value.byteLength > room) {
        // Keep what fits (for an error message's excerpt), then stop the transfer.
        parts.push(decoder.decode(value.subarray(0, room), { stream: true }), decoder.decode());
        return { text: parts.join(''), truncated: true };
      }
      bytes += value.byteLength;
      parts.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
