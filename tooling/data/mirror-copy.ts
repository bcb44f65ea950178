/**
 * Copies pages out of a fetched repository snapshot (a bare git directory) into a page folder
 * beside the project, one `<out>/<set>/<name>/<file>` per page, with a SOURCE.md naming the
 * repository, its commit and its licence. Shared by `train-corpus.ts` and `check-corpus.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export interface MirrorCopy {
  /** The command line, for the usage message. */
  readonly usage: string;
  readonly defaultOut: string;
  /** The set's folder under the output ("postlight"). */
  readonly set: string;
  /** What SOURCE.md says after "<repository> @ <commit>, " (folder, licence). */
  readonly source: string;
  readonly repository: string;
  /** Each page: its path in the repository and its folder name. */
  readonly pages: readonly { readonly path: string; readonly name: string }[];
  /** The file name written in each page's folder ("input.html", "source.html"). */
  readonly file: string;
}

export function copyFromMirror(c: MirrorCopy): void {
  const { values } = parseArgs({ options: { mirror: { type: 'string' }, out: { type: 'string', default: c.defaultOut } } });
  if (values.mirror === undefined) {
    console.error(`usage: ${c.usage}`);
    process.exit(2);
  }
  const git = (...args: string[]): string =>
    execFileSync('git', ['--git-dir', values.mirror ?? '', ...args], { maxBuffer: 64 << 20 }).toString();
  const commit = git('rev-parse', 'HEAD').trim();
  const out = resolve(values.out, c.set);
  for (const page of c.pages) {
    const dir = join(out, page.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, c.file), git('show', `${commit}:${page.path}`));
  }
  writeFileSync(join(out, 'SOURCE.md'), `${c.repository} @ ${commit}, ${c.source}. ${c.pages.length} pages.\n`);
  console.log(`${c.pages.length} pages from ${c.repository} @ ${commit.slice(0, 12)} → ${out}`);
}
