/**
 * Which page URLs an imported file may carry, and which ones an export may turn into
 * links: http(s) only. A `javascript:` or `data:` URL in a file is refused on import,
 * and any such URL already stored is written as plain text by the exporters.
 *
 * @example isWebUrl('https://stripe.com/about') // true
 * @example isWebUrl('javascript:alert(1)')      // false
 */
import { MAX_URL_LENGTH } from '../capture-limits';

/** True for an absolute http: or https: URL of at most `MAX_URL_LENGTH` characters. */
export function isWebUrl(url: string): boolean {
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:';
}
