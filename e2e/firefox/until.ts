/**
 * Polls `probe` until it gives a value, every `everyMs`, failing after `waitMs` with what it
 * was waiting for (the Firefox phases drive a browser through WebDriver BiDi, with no
 * auto-waiting assertions).
 *
 * @example
 *   const names = await until(async () => (await list()).length > 0 ? list() : undefined, 'a name', 20_000);
 */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, waitMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}
