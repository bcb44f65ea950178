// Guards the layering between folders of src: each rule names a folder and a folder it
// must not import from. The side panel (src/ui) is a client of the background and of its
// ports (ui/panel-ports.ts): no module of it imports an adapter (Dexie, the LLM clients,
// the settings storage); the side panel's entrypoint chooses those. Tests may use
// adapters to build real fixtures, so test files are not checked. The background reads
// no module of the content script: what both sides share (the capture policy, the
// capture-now messages) lives in core and messaging. Nothing in src imports tooling/
// (training, lexicon generation, evaluation, test stand-ins) or bench/: src is what ships. (Core's own rule,
// no browser, DOM or Dexie at all, is core/purity.test.ts.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = __dirname;
/** `from '…'`, `import '…'` and `import('…')` specifiers; one quoted literal, no nesting. */
const SPECIFIER = /\b(?:from|import)\s*\(?['"]([^'"\n]+)['"]/g;

const RULES: readonly { readonly folder: string; readonly mustNotImport: string; readonly why: string }[] = [
  { folder: 'ui', mustNotImport: 'adapters', why: 'the panel reads through its ports; the entrypoint picks the adapters' },
  { folder: 'background', mustNotImport: 'content', why: 'capture policy is core, the capture-now protocol is messaging' },
];

/** Top-level folders beside src that build, test or measure the extension and never ship. */
const NOT_SHIPPED: readonly string[] = ['tooling', 'bench'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** `file imports specifier` for each relative import of `files` that lands inside `forbidden`. */
function importsInto(files: readonly string[], forbidden: string): string[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((match) => match[1] ?? '')
      .filter((specifier) => specifier.startsWith('.') && !relative(forbidden, resolve(dirname(file), specifier)).startsWith('..'))
      .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
  );
}

describe('layering of src', () => {
  it.each(RULES)('src/$folder imports nothing from src/$mustNotImport ($why)', ({ folder, mustNotImport }) => {
    expect(importsInto(sources(join(SRC, folder)), join(SRC, mustNotImport))).toEqual([]);
  });

  it.each(NOT_SHIPPED)('src imports nothing from %s/ (build-time and evaluation code stays out of what ships)', (folder) => {
    expect(importsInto(sources(SRC), join(SRC, '..', folder))).toEqual([]);
  });

  it('src/nlp (the language engine) imports nothing outside itself, so capture and core may both use it', () => {
    const nlp = join(SRC, 'nlp');
    const outside = sources(nlp).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
        .map((match) => match[1] ?? '')
        .filter((specifier) => !specifier.startsWith('.') || relative(nlp, resolve(dirname(file), specifier)).startsWith('..'))
        .map((specifier) => `${relative(SRC, file)} imports ${specifier}`),
    );
    expect(sources(nlp).length).toBeGreaterThan(0);
    expect(outside).toEqual([]);
  });

  it('sees such an import when there is one (the check itself works)', () => {
    const entrypoint = join(SRC, '..', 'entrypoints', 'sidepanel', 'main.tsx');
    expect(importsInto([entrypoint], join(SRC, 'adapters')).length).toBeGreaterThan(0);
    expect(importsInto([entrypoint], join(SRC, 'content'))).toEqual([]);
    const contentScript = join(SRC, '..', 'entrypoints', 'content', 'index.ts');
    expect(importsInto([contentScript], join(SRC, 'content')).length).toBeGreaterThan(0);
    const benchScript = join(SRC, '..', 'bench', 'eval-pages-gold.ts');
    expect(importsInto([benchScript], join(SRC, '..', 'tooling')).length).toBeGreaterThan(0);
  });
});
