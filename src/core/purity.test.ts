// Guards the architecture (docs/architecture.md, Layers): core is pure TypeScript with no browser,
// extension, DOM or Dexie imports, so it runs and is tested in Node.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FORBIDDEN = [
  /from ['"]dexie['"]/,
  /from ['"]wxt/,
  /from ['"]react/,
  /from ['"]mermaid['"]/,
  /\bchrome\./,
  /\bbrowser\.runtime\b/,
  /\bdocument\./,
  /\bwindow\./,
  /\bindexedDB\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('src/core stays pure', () => {
  it('imports nothing from the browser, the extension, the DOM or Dexie', () => {
    const offenders = sources(join(__dirname)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return FORBIDDEN.filter((re) => re.test(text)).map((re) => `${file}: ${re.source}`);
    });
    expect(offenders).toEqual([]);
  });
});
