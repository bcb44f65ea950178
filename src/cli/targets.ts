/**
 * What `npm start -- --headless` visits for each argument: an http(s) URL as it is; a local
 * file at an address that is the same on every run (`http://files.localhost/<absolute path>`,
 * answered from disk by the browser driver), so capturing the same file again updates its
 * page instead of adding a new one; anything else is reported as not found, and the other
 * arguments are still visited.
 *
 * @example
 *   resolveTargets(['notes/page.html', 'https://example.com/'])
 *   // [{ input: 'notes/page.html', error: '…neither an http(s) URL nor a file…' }, { input: …, url: 'https://example.com/' }]
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve, sep } from 'node:path';

/**
 * Where local files are visited. `.localhost` names never leave the machine (RFC 6761) and
 * the driver answers this origin itself, so no port (which changes every run) is in the URL.
 */
export const LOCAL_FILES_ORIGIN = 'http://files.localhost';

export interface Target {
  /** The argument as given. */
  readonly input: string;
  /** The address visited; absent when the argument is neither a URL nor a file. */
  readonly url?: string;
  /** The local file behind `url`, for local files. */
  readonly file?: string;
  readonly error?: string;
}

/** The stable address of a local file. */
export function localFileUrl(file: string): string {
  const path = resolve(file).split(sep).map(encodeURIComponent).join('/');
  return `${LOCAL_FILES_ORIGIN}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The file a `LOCAL_FILES_ORIGIN` address stands for, when it lies in one of `directories`
 * (the folders of the files named on the command line: a page never reads other files).
 */
export function localFileOf(url: string, directories: ReadonlySet<string>): string | undefined {
  let path: string;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== LOCAL_FILES_ORIGIN) return undefined;
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (!isAbsolute(path)) return undefined;
  const file = resolve(path);
  for (const directory of directories) if (file.startsWith(directory + sep)) return file;
  return undefined;
}

export function resolveTargets(inputs: readonly string[]): Target[] {
  return inputs.map((input) => {
    if (/^https?:\/\//i.test(input)) return { input, url: input };
    const file = resolve(input.replace(/^file:\/\//, ''));
    if (!existsSync(file) || !statSync(file).isFile())
      return { input, error: `"${input}" is neither an http(s) URL nor a file (looked for ${file}).` };
    return { input, url: localFileUrl(file), file };
  });
}

/** The folders local files may be read from: those of the files named. */
export function localDirectories(targets: readonly Target[]): Set<string> {
  return new Set(targets.flatMap((t) => (t.file === undefined ? [] : [dirname(t.file)])));
}
