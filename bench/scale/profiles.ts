/**
 * Seeded Chromium profiles reused across builds (scale.bench.ts, merge-import.bench.ts):
 * a copy of a cached profile, with the worker registration forgotten so the build under
 * test starts its own background script.
 *
 * @example const run = copyProfile('/work/.scale-profiles/scale/seeded-100000-2', '.bench/run-100k');
 */
import { cpSync, existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Makes Chromium register the extension's service worker afresh in a copied profile.
 * It keeps the registered worker script in the profile and, for an unpacked extension
 * loaded from the command line, started that old script again after the build changed
 * (measured: the newer build's pages ran beside the older build's worker, even with a
 * new manifest version). Without the registration and its record, the current
 * background.js is registered at launch.
 */
export function forgetWorkerRegistration(profileDir: string): void {
  rmSync(resolve(profileDir, 'Default/Service Worker'), { recursive: true, force: true });
  const prefsPath = resolve(profileDir, 'Default/Preferences');
  if (!existsSync(prefsPath)) return;
  const prefs = JSON.parse(readFileSync(prefsPath, 'utf8')) as { extensions?: { settings?: Record<string, Record<string, unknown>> } };
  for (const extension of Object.values(prefs.extensions?.settings ?? {})) delete extension['service_worker_registration_info'];
  writeFileSync(prefsPath, JSON.stringify(prefs));
}

/**
 * A fresh copy of the seeded profile `from` at `to` (the cache is never written), ready for any
 * build. A `from` that is a symlink is copied as the folder it points to (`cpSync` alone copies
 * the link, and the run then wrote into the cache itself).
 */
export function copyProfile(from: string, to: string): string {
  rmSync(to, { recursive: true, force: true });
  cpSync(realpathSync(from), to, { recursive: true });
  forgetWorkerRegistration(to);
  return to;
}
