/**
 * Reads an HTTP response body with a byte cap. Remote endpoints (an LLM, a PDF's server)
 * are untrusted: `response.text()` or `arrayBuffer()` would hold a body of any size in
 * memory before its size could be checked, so bodies are read chunk by chunk and, past
 * the cap, the stream is cancelled (which closes the connection) instead of drained.
 *
 * @example
 *   const { text, truncated } = await readCappedText(response.body, 16 * 1024);
 *   const { bytes } = await readCappedBytes(pdfResponse.body, 50 * 1024 * 1024);
 */

export interface CappedText {
  /** The body, or its first `maxBytes` bytes when `truncated`. */
  readonly text: string;
  /** True when the body went on past the cap (the rest was never read). */
  readonly truncated: boolean;
}

export interface CappedBytes {
  /** The body, or its first `maxBytes` bytes when `truncated`. */
  readonly bytes: Uint8Array;
  /** True when the body went on past the cap (the rest was never read). */
  readonly truncated: boolean;
}

export async function readCappedText(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<CappedText> {
  const { bytes, truncated } = await readCappedBytes(body, maxBytes);
  return { text: new TextDecoder().decode(bytes), truncated };
}

export async function readCappedBytes(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<CappedBytes> {
  if (body === null) return { bytes: new Uint8Array(0), truncated: false };
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let finished = false;
  const joined = (): Uint8Array => {
    const out = new Uint8Array(bytes);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return { bytes: joined(), truncated: false };
      }
      const room = maxBytes - bytes;
      if (value.byteLength > room) {
        // Keep what fits (for an error message's excerpt), then stop the transfer.
        parts.push(value.subarray(0, room));
        bytes += room;
        return { bytes: joined(), truncated: true };
      }
      bytes += value.byteLength;
      parts.push(value);
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
