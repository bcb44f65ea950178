/**
 * Capture ids: `c_` + the first 128 bits of SHA-256(url + capture time). The same
 * capture re-sent (after a worker restart, a lost ack) gets the same id, so it lands
 * on the same inbox row and is ingested once.
 *
 * @example
 *   await captureIdOf({ url: 'https://stripe.com/about', capturedAt: 1767225600000 }) // 'c_3f…'
 */
export async function captureIdOf(capture: { readonly url: string; readonly capturedAt: number }): Promise<string> {
  const bytes = new TextEncoder().encode(`${capture.url}\n${capture.capturedAt}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const b of digest.subarray(0, 16)) hex += b.toString(16).padStart(2, '0');
  return `c_${hex}`;
}
