import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyProfile } from './profiles';

describe('copyProfile', () => {
  it('copies a profile reached through a symlink as a folder, and leaves the cached one untouched', () => {
    const root = mkdtempSync(join(tmpdir(), 'profiles-'));
    const cached = join(root, 'seeded-schema5');
    mkdirSync(join(cached, 'Default/Service Worker'), { recursive: true });
    writeFileSync(join(cached, 'Default/Service Worker/registration'), 'old worker');
    writeFileSync(
      join(cached, 'Default/Preferences'),
      JSON.stringify({ extensions: { settings: { x: { service_worker_registration_info: 1 } } } }),
    );
    const link = join(root, 'seeded-1000000-2');
    symlinkSync(cached, link);

    const run = copyProfile(link, join(root, 'run'));
    expect(lstatSync(run).isSymbolicLink()).toBe(false);
    expect(existsSync(join(run, 'Default/Service Worker'))).toBe(false);
    writeFileSync(join(run, 'Default/written-by-the-run'), 'x');

    // The cache keeps its worker registration and gets nothing the run wrote.
    expect(readFileSync(join(cached, 'Default/Service Worker/registration'), 'utf8')).toBe('old worker');
    expect(readFileSync(join(cached, 'Default/Preferences'), 'utf8')).toContain('service_worker_registration_info');
    expect(existsSync(join(cached, 'Default/written-by-the-run'))).toBe(false);
  });
});
