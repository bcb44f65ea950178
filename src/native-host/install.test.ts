import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEV_EXTENSION_ID, EXTENSION_PUBLIC_KEY, GECKO_ID } from './extension-key';
import { clientSnippet, install, type InstallRequest, manifestDir, planInstall, uninstall } from './install';
import { profileKey, resolveLocations, socketPath } from './paths';

describe('the pinned extension id', () => {
  it('is derived from the public key as Chromium derives it', () => {
    const der = Buffer.from(EXTENSION_PUBLIC_KEY, 'base64');
    const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
    const id = [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
    expect(id).toBe(DEV_EXTENSION_ID);
  });
});

describe('locations', () => {
  const base = { platform: 'linux' as const, homedir: '/home/ada', user: 'ada' };
  it('uses XDG_RUNTIME_DIR on Linux, else ~/.ariadne/run, and named pipes on Windows', () => {
    expect(resolveLocations({ ...base, env: { XDG_RUNTIME_DIR: '/run/user/1000' } }).runtimeDir).toBe('/run/user/1000/ariadne');
    expect(resolveLocations({ ...base, env: {} }).runtimeDir).toBe('/home/ada/.ariadne/run');
    const win = resolveLocations({ ...base, platform: 'win32', env: {} });
    expect(socketPath(win, 'chrome')).toBe('\\\\.\\pipe\\ariadne-ada-chrome');
  });

  it('keys a profile by browser, or by the hash of a custom user-data-dir', () => {
    expect(profileKey({ browser: 'chromium' })).toBe('chromium');
    expect(profileKey({ browser: 'chromium', userDataDir: '/tmp/p' })).toMatch(/^p-[0-9a-f]{16}$/);
    expect(profileKey({ browser: 'chromium', userDataDir: '/tmp/p' })).toBe(profileKey({ browser: 'chrome', userDataDir: '/tmp/p/' }));
    expect(profileKey({ browser: 'chromium', userDataDir: '/tmp/q' })).not.toBe(profileKey({ browser: 'chromium', userDataDir: '/tmp/p' }));
  });

  it('finds the manifest folders Chromium reads', () => {
    const where = resolveLocations({ ...base, env: {} });
    expect(manifestDir({ browser: 'chrome' }, where, '/home/ada')).toBe('/home/ada/.config/google-chrome/NativeMessagingHosts');
    expect(manifestDir({ browser: 'chromium' }, where, '/home/ada')).toBe('/home/ada/.config/chromium/NativeMessagingHosts');
    expect(manifestDir({ browser: 'chromium', userDataDir: '/tmp/prof' }, where, '/home/ada')).toBe('/tmp/prof/NativeMessagingHosts');
    const mac = resolveLocations({ ...base, platform: 'darwin', env: {} });
    expect(manifestDir({ browser: 'chrome' }, mac, '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/Google/Chrome/NativeMessagingHosts',
    );
    const win = resolveLocations({ ...base, platform: 'win32', env: {} });
    expect(() => manifestDir({ browser: 'chrome' }, win, 'C:\\Users\\ada')).toThrow(/docs\/mcp.md/);
  });

  it('finds the one per-user folder Firefox reads, whatever the profile', () => {
    const where = resolveLocations({ ...base, env: {} });
    expect(manifestDir({ browser: 'firefox' }, where, '/home/ada')).toBe('/home/ada/.mozilla/native-messaging-hosts');
    expect(manifestDir({ browser: 'firefox', userDataDir: '/tmp/ff' }, where, '/home/ada')).toBe(
      '/home/ada/.mozilla/native-messaging-hosts',
    );
    const mac = resolveLocations({ ...base, platform: 'darwin', env: {} });
    expect(manifestDir({ browser: 'firefox' }, mac, '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/Mozilla/NativeMessagingHosts',
    );
  });
});

describe('install / uninstall', () => {
  let dir: string;
  let request: InstallRequest;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ariadne-install-'));
    request = {
      targets: [{ browser: 'chromium', userDataDir: path.join(dir, 'profile') }],
      extensionIds: ['abcdefghijklmnopabcdefghijklmnop'],
      where: resolveLocations({ env: { ARIADNE_HOME: path.join(dir, 'home') }, platform: 'linux', homedir: dir, user: 'ada' }),
      homedir: dir,
      nodePath: '/usr/bin/node',
      entryPath: "/opt/it's here/src/cli/mcp.ts",
      loaderUrl: 'file:///opt/tsx/dist/loader.mjs',
    };
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a manifest naming an absolute executable wrapper and the allowed origins', async () => {
    const [plan] = await install(request);
    const manifest = JSON.parse(await readFile(path.join(dir, 'profile', 'NativeMessagingHosts', 'com.ariadne.bridge.json'), 'utf8'));
    expect(manifest).toEqual({
      name: 'com.ariadne.bridge',
      description: expect.any(String),
      path: plan?.wrapperPath,
      type: 'stdio',
      allowed_origins: [`chrome-extension://${DEV_EXTENSION_ID}/`, 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/'],
    });
    expect(path.isAbsolute(manifest.path)).toBe(true);
    expect((await stat(manifest.path)).mode & 0o777).toBe(0o755);
    const wrapper = await readFile(manifest.path, 'utf8');
    expect(wrapper).toMatch(/^#!\/bin\/sh\n/);
    expect(wrapper).toContain(`exec '/usr/bin/node' --import 'file:///opt/tsx/dist/loader.mjs' '/opt/it'\\''s here/src/cli/mcp.ts' "$@"`);
    expect(wrapper).toContain(`ARIADNE_PROFILE_KEY='${profileKey({ browser: 'chromium', userDataDir: path.join(dir, 'profile') })}'`);
  });

  it('a compiled host entry is run with plain node, no loader', async () => {
    const { loaderUrl: _loader, ...compiled } = request;
    const [plan] = await install({ ...compiled, entryPath: '/opt/ariadne/.output/native-host/ariadne-mcp.mjs' });
    for (const file of [plan?.wrapperPath, plan?.team.wrapperPath]) {
      const wrapper = await readFile(file ?? '', 'utf8');
      expect(wrapper).toContain(`exec '/usr/bin/node' '/opt/ariadne/.output/native-host/ariadne-mcp.mjs' "$@"`);
      expect(wrapper).not.toContain('--import');
    }
  });

  it('installs the team role beside the bridge: its own host name and wrapper, the same entry, ARIADNE_HOST_ROLE=team', async () => {
    const [plan] = await install(request);
    const file = path.join(dir, 'profile', 'NativeMessagingHosts', 'com.ariadne.team.json');
    expect(plan?.team.manifestPath).toBe(file);
    const manifest = JSON.parse(await readFile(file, 'utf8'));
    expect(manifest).toEqual({
      name: 'com.ariadne.team',
      description: expect.any(String),
      path: plan?.team.wrapperPath,
      type: 'stdio',
      allowed_origins: [`chrome-extension://${DEV_EXTENSION_ID}/`, 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/'],
    });
    expect(manifest.path).not.toBe(plan?.wrapperPath);
    expect((await stat(manifest.path)).mode & 0o777).toBe(0o755);
    const wrapper = await readFile(manifest.path, 'utf8');
    expect(wrapper).toContain('export ARIADNE_HOST_ROLE=team\n');
    expect(wrapper).toContain(`'/opt/it'\\''s here/src/cli/mcp.ts' "$@"`);
    expect(await readFile(plan?.wrapperPath ?? '', 'utf8')).not.toContain('ARIADNE_HOST_ROLE');
    await uninstall(request);
    await expect(stat(file)).rejects.toThrow();
    await expect(stat(manifest.path)).rejects.toThrow();
  });

  it('prints a client snippet that runs the wrapper with serve', () => {
    const [plan] = planInstall(request);
    expect(JSON.parse(clientSnippet(plan ?? expect.unreachable()))).toEqual({
      mcpServers: { ariadne: { command: plan?.wrapperPath, args: ['serve'] } },
    });
  });

  it('writes the Firefox manifest with allowed_extensions naming the Gecko id, and removes it on uninstall', async () => {
    const firefox: InstallRequest = {
      ...request,
      targets: [{ browser: 'firefox' }],
      extensionIds: ['other@example.org', 'abcdefghijklmnopabcdefghijklmnop'],
    };
    const [plan] = await install(firefox);
    const file = path.join(dir, '.mozilla', 'native-messaging-hosts', 'com.ariadne.bridge.json');
    expect(plan?.manifestPath).toBe(file);
    const manifest = JSON.parse(await readFile(file, 'utf8'));
    expect(manifest).toEqual({
      name: 'com.ariadne.bridge',
      description: expect.any(String),
      path: plan?.wrapperPath,
      type: 'stdio',
      allowed_extensions: [GECKO_ID, 'other@example.org'],
    });
    expect(await readFile(manifest.path, 'utf8')).toContain(`ARIADNE_PROFILE_KEY='firefox'`);
    await uninstall(firefox);
    await expect(stat(file)).rejects.toThrow();
    await expect(stat(plan?.wrapperPath ?? '')).rejects.toThrow();
  });

  it('refuses an extension id that is not one', () => {
    expect(() => planInstall({ ...request, extensionIds: ['not-an-id'] })).toThrow(/32 letters a–p/);
  });

  it('uninstall removes both files', async () => {
    const [plan] = await install(request);
    await uninstall(request);
    await expect(stat(plan?.manifestPath ?? '')).rejects.toThrow();
    await expect(stat(plan?.wrapperPath ?? '')).rejects.toThrow();
  });
});
