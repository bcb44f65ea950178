// Boundaries as the real browser enforces them: a web page cannot reach
// the background, a content script may send captures but no tool call, and the manifest
// asks for exactly the permissions the README explains.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '../support/fixtures';

interface MaybeChrome {
  chrome?: { runtime?: { sendMessage?: unknown; getManifest?: () => Record<string, unknown> } };
}

/** The README's "Permissions, and why" table: the manifest permissions it documents, one per row. */
function documentedPermissions(): string[] {
  const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.split(/^## Permissions, and why$/m)[1]?.split(/^## /m)[0] ?? '';
  // Rows like "| `storage` | why |"; the content-script row ("`http://*/*`, …") is a match pattern, not a permission.
  return [...section.matchAll(/^\|\s*`([A-Za-z]+)`\s*\|/gm)].map((m) => m[1] ?? '').sort();
}

/** A forged write: what a compromised page or content script would like to send. */
const FORGED_TOOL_CALL = { type: 'tool.call', tool: 'entity_add', arguments: { name: 'Forged Corp', entity_type: 'company' } };

test('a web page has no channel to the background (no externally_connectable)', async ({ page, capture, extensionId }) => {
  await capture('stripe.html');
  const exposed = await page.evaluate(() => typeof (globalThis as unknown as MaybeChrome).chrome?.runtime?.sendMessage);
  expect(exposed).toBe('undefined');
  // Even addressed by id, a page's message has nowhere to go: the API is absent or throws.
  const outcome = await page.evaluate(
    async ({ id, message }) => {
      const runtime = (globalThis as unknown as { chrome?: { runtime?: { sendMessage?: (id: string, m: unknown) => Promise<unknown> } } })
        .chrome?.runtime;
      if (typeof runtime?.sendMessage !== 'function') return 'unavailable';
      try {
        return `answered: ${JSON.stringify(await runtime.sendMessage(id, message))}`;
      } catch {
        return 'threw';
      }
    },
    { id: extensionId, message: FORGED_TOOL_CALL },
  );
  expect(['unavailable', 'threw']).toContain(outcome);
});

test("a tool call forged in the content script's world is refused as forbidden", async ({
  page,
  capture,
  context,
  extensionId,
  sidePanel,
}) => {
  const cdp = await context.newCDPSession(page);
  const contexts: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }: { context: { id: number; origin: string; auxData?: { type?: string } } }) => {
    contexts.push(c);
  });
  await cdp.send('Runtime.enable');
  await capture('stripe.html');
  // The content script runs in an isolated world whose origin is the extension's.
  const isolated = contexts.filter((c) => c.origin === `chrome-extension://${extensionId}` && c.auxData?.type === 'isolated').at(-1);
  expect(isolated, 'the content script world of the captured page').toBeDefined();
  const evaluated = (await cdp.send('Runtime.evaluate', {
    contextId: isolated?.id ?? -1,
    expression: `chrome.runtime.sendMessage(${JSON.stringify(FORGED_TOOL_CALL)})`,
    awaitPromise: true,
    returnByValue: true,
  })) as { result: { value?: { ok?: boolean; error?: { code?: string } } } };
  expect(evaluated.result.value).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  const panel = await sidePanel.open();
  const names = await panel.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const r = indexedDB.open('ariadne');
      r.onsuccess = () => done(r.result);
      r.onerror = () => fail(r.error);
    });
    const all = await new Promise<{ name: string }[]>((done, fail) => {
      const r = db.transaction('entities', 'readonly').objectStore('entities').getAll();
      r.onsuccess = () => done(r.result as { name: string }[]);
      r.onerror = () => fail(r.error);
    });
    db.close();
    return all.map((e) => e.name);
  });
  expect(names).not.toContain('Forged Corp');
});

test('the manifest declares exactly the permissions the README documents', async ({ sidePanel }) => {
  const documented = documentedPermissions();
  // The table's floor: a parsing slip that finds no rows must not pass as "nothing declared".
  expect(documented).toEqual(expect.arrayContaining(['sidePanel', 'storage', 'unlimitedStorage']));
  const panel = await sidePanel.open();
  const manifest = await panel.evaluate(() => (globalThis as unknown as MaybeChrome).chrome?.runtime?.getManifest?.() ?? {});
  expect(manifest.name).toBe('Ariadne');
  expect(manifest.externally_connectable).toBeUndefined();
  expect(manifest.host_permissions).toBeUndefined();
  expect([...((manifest.permissions as string[] | undefined) ?? [])].sort()).toEqual(documented);
});

test('the script injected into every page stays small: no schema library in it (the background validates)', async ({ sidePanel }) => {
  const panel = await sidePanel.open();
  const manifest = await panel.evaluate(() => (globalThis as unknown as MaybeChrome).chrome?.runtime?.getManifest?.() ?? {});
  const scripts = ((manifest.content_scripts as { js?: string[] }[] | undefined) ?? []).flatMap((c) => c.js ?? []);
  expect(scripts.length).toBeGreaterThan(0);
  for (const path of scripts) {
    const source = await panel.evaluate(async (p) => (await fetch(`/${p}`)).text(), path);
    // ~66 kB today (Readability is half of it); zod alone added ~95 kB.
    expect(source.length, path).toBeLessThan(100_000);
    expect(source, path).not.toContain('ZodError');
  }
});
