/**
 * Test support: the error code a call ends with ('ok' when it succeeds), so tests check
 * codes, not messages.
 *
 * @example expect(await errorCode(() => registry.call('x', {}, caller))).toBe('not_found');
 */
import { AriadneError } from '../../src/core/errors';

export async function errorCode(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (e) {
    return e instanceof AriadneError ? e.code : `not AriadneError: ${String(e)}`;
  }
}
