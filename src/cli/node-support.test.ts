// The Node versions Ariadne supports are said once (package.json `engines`), the README says the
// same, and the Node running the tests (CI's) is one of them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(REPO, 'package.json'), 'utf8')) as { engines?: { node?: string } };
const readme = readFileSync(resolve(REPO, 'README.md'), 'utf8');

/** `>=MAJOR.MINOR` → [major, minor]. */
function floor(range: string | undefined): [number, number] | undefined {
  const match = /^>=(\d+)\.(\d+)$/.exec(range ?? '');
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

describe('supported Node versions', () => {
  const min = floor(pkg.engines?.node);

  it('package.json states a floor (>=MAJOR.MINOR)', () => {
    expect(min).toBeDefined();
  });

  it("the README's quick start states the same floor", () => {
    const [major, minor] = min ?? [0, 0];
    expect(readme).toMatch(new RegExp(`## Quick start \\(Debian/Ubuntu, Node ${major}\\.${minor} or newer\\)`));
  });

  it('the Node running the tests satisfies it', () => {
    const [major, minor] = process.versions.node.split('.').map(Number);
    const [wantMajor, wantMinor] = min ?? [Infinity, 0];
    expect((major ?? 0) > wantMajor || ((major ?? 0) === wantMajor && (minor ?? 0) >= wantMinor)).toBe(true);
  });
});
