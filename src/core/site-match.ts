/**
 * Site patterns (the capture blocklist and allowlist) matched against page URLs, with
 * both sides normalized the same way first, so that spelling a URL differently does
 * not slip past a block: host case, trailing dots (`chase.com.`), IDNA (`bücher.de` =
 * `xn--bcher-kva.de`), IPv4 forms (`0x7f.1` = `127.0.0.1`), user info and ports; paths
 * percent-decoded once (`/%61ccount` = `/account`), dot segments resolved, repeated
 * slashes collapsed, compared case-insensitively. Host parsing is the URL standard's
 * (`new URL`), the same the browser uses to decide where a page came from.
 *
 * Patterns: a host (`mail.google.com`), a host and its subdomains (`*.bank.com`), either
 * followed by a path prefix (`example.com/account/`), or a URL prefix
 * (`https://example.com/account/`; http and https are the same site here, and a port is
 * compared only when the pattern names one).
 *
 * @example
 *   matchesSite('https://MAIL.google.com./u/0', 'mail.google.com') // true
 *   matchesSite('https://example.com/%61ccount/x', 'https://example.com/account/') // true
 */

/** A page URL reduced to what patterns compare. */
export interface SiteUrl {
  readonly scheme: string;
  readonly host: string;
  readonly port: string;
  /** Decoded, dot segments resolved, lower case. */
  readonly path: string;
  /** Decoded, lower case, with its `?` (empty when none). */
  readonly query: string;
}

interface SitePattern {
  /** With its colon; absent: any scheme. */
  readonly scheme?: string;
  readonly host: string;
  /** `*.host`: the host and any subdomain. */
  readonly subdomains: boolean;
  /** Empty: any port. */
  readonly port: string;
  readonly path: string;
  readonly query: string;
}

const SCHEME_PREFIX = /^([a-z][a-z0-9+.-]*):\/\//i;
// Schemes under which the same host serves the same site (a block of one blocks the other).
const WEB_SCHEMES = new Set(['http:', 'https:']);
// Parsed patterns kept between calls (the lists are checked on every page); cleared whole
// when full, which a settings list (at most 2,000 per list) never fills.
const PATTERN_CACHE_SIZE = 8192;
const patternCache = new Map<string, SitePattern | null>();

/** The URL as patterns see it, or undefined when it does not parse. */
export function parseSiteUrl(url: string): SiteUrl | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return {
    scheme: parsed.protocol,
    host: trimTrailingDots(parsed.hostname),
    port: parsed.port,
    path: normalizePath(parsed.pathname),
    query: percentDecode(parsed.search).toLowerCase(),
  };
}

/** Whether the page at `url` matches `pattern` (see the module comment for the forms). */
export function matchesSite(url: string, pattern: string): boolean {
  const site = parseSiteUrl(url);
  return site !== undefined && matchesSitePattern(site, pattern);
}

/** Like `matchesSite`, for a URL already parsed (checking one page against a whole list). */
export function matchesSitePattern(site: SiteUrl, pattern: string): boolean {
  const p = compilePattern(pattern);
  if (p === null) return false;
  if (p.scheme !== undefined && p.scheme !== site.scheme && !(WEB_SCHEMES.has(p.scheme) && WEB_SCHEMES.has(site.scheme))) return false;
  if (p.subdomains ? site.host !== p.host && !site.host.endsWith(`.${p.host}`) : site.host !== p.host) return false;
  if (p.port !== '' && p.port !== site.port) return false;
  // A pattern with a query compares path and query as one prefix; otherwise the path alone.
  return p.query === '' ? site.path.startsWith(p.path) : `${site.path}${site.query}`.startsWith(`${p.path}${p.query}`);
}

/** Whether `pattern` is one of the forms above (one that can match a page). */
export function isSitePattern(pattern: string): boolean {
  return compilePattern(pattern) !== null;
}

function compilePattern(pattern: string): SitePattern | null {
  const cached = patternCache.get(pattern);
  if (cached !== undefined) return cached;
  const compiled = parsePattern(pattern.trim());
  if (patternCache.size >= PATTERN_CACHE_SIZE) patternCache.clear();
  patternCache.set(pattern, compiled);
  return compiled;
}

function parsePattern(p: string): SitePattern | null {
  if (p.length === 0) return null;
  const prefix = SCHEME_PREFIX.exec(p);
  const scheme = prefix?.[1] === undefined ? undefined : `${prefix[1].toLowerCase()}:`;
  let rest = prefix === null ? p : p.slice(prefix[0].length);
  const subdomains = rest.startsWith('*.');
  if (subdomains) rest = rest.slice(2);
  let parsed: URL;
  try {
    // Parsed as a URL of its own scheme (or http for a bare host) so the host goes through the same rules as the page's.
    parsed = new URL(`${scheme ?? 'http:'}//${rest}`);
  } catch {
    return null;
  }
  const host = trimTrailingDots(parsed.hostname);
  // A bare host or `*.` with nothing after it would match every page.
  if (host === '' && scheme === undefined) return null;
  // The port of a bare host pattern: only when written (URL drops http's default 80).
  const port = scheme === undefined && !hasExplicitPort(rest) ? '' : parsed.port;
  return {
    ...(scheme === undefined ? {} : { scheme }),
    host,
    subdomains,
    port,
    path: normalizePath(parsed.pathname),
    query: percentDecode(parsed.search).toLowerCase(),
  };
}

function hasExplicitPort(rest: string): boolean {
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  const at = authority.lastIndexOf('@');
  const hostPort = authority.slice(at + 1);
  // An IPv6 literal has colons of its own; a port follows its closing bracket.
  const close = hostPort.lastIndexOf(']');
  return hostPort.indexOf(':', close + 1) !== -1;
}

function trimTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host.charCodeAt(end - 1) === 0x2e) end -= 1;
  return host.slice(0, end);
}

/**
 * Percent-decodes once, lower-cases, resolves `.`/`..` segments and collapses repeated
 * slashes. Decoding can reveal segments the URL parser did not see (`/a%2F..%2Fb`), so
 * dot segments are resolved after it.
 */
function normalizePath(pathname: string): string {
  const decoded = percentDecode(pathname).toLowerCase();
  const out: string[] = [];
  const segments = decoded.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const last = segments[segments.length - 1];
  const trailingSlash = out.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${out.join('/')}${trailingSlash ? '/' : ''}`;
}

/** `%XX` → byte, UTF-8 decoded (malformed sequences become U+FFFD); a `%` without two hex digits stays. */
function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  const encoder = new TextEncoder();
  const bytes: number[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i) ?? 0;
    if (code === 0x25 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
      continue;
    }
    const char = String.fromCodePoint(code);
    for (const byte of encoder.encode(char)) bytes.push(byte);
    i += char.length;
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
