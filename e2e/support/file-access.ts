/**
 * Chromium's "Allow access to file URLs" for Ariadne, set before launch. Chromium keeps the
 * switch in the profile's `Default/Preferences` at `extensions.settings.<id>.newAllowFileAccess`
 * (not a protected preference on Linux); an unpacked extension loaded with `--load-extension`
 * starts with it on, and a profile that says `false` before the first launch keeps it off.
 * Turning it off in chrome://extensions instead reloads the extension, which a
 * `--load-extension` run under Playwright does not get back (seen in Chromium 156).
 *
 * @example
 *   const profileDir = await profileWithoutFileAccess();
 *   const { context } = await launchWithExtension({ profileDir, headless: true });
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_EXTENSION_ID } from '../../src/native-host/extension-key';

/** A fresh profile in which Ariadne (the development build's pinned id) may not open file:// addresses. */
export async function profileWithoutFileAccess(): Promise<string> {
  const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-e2e-nofile-'));
  await mkdir(join(profileDir, 'Default'));
  const preferences = { extensions: { settings: { [DEV_EXTENSION_ID]: { newAllowFileAccess: false } } } };
  await writeFile(join(profileDir, 'Default', 'Preferences'), JSON.stringify(preferences));
  return profileDir;
}
