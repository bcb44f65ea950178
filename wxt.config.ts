import { defineConfig } from 'wxt';
import { EXTENSION_PUBLIC_KEY, GECKO_ID } from './src/native-host/extension-key';

// Permissions are the minimum Ariadne needs; README.md ("Permissions") says why each is here.
// The content script's http(s) match pattern is the only host access; there is no
// `externally_connectable`, so web pages cannot message the background.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  srcDir: '.',
  imports: false,
  entrypointsDir: 'entrypoints',
  // ARIADNE_OUT_DIR builds elsewhere (parallel checkouts, CI); `npm start` and the e2e rig read it too.
  outDir: process.env.ARIADNE_OUT_DIR ?? '.output',
  manifest: ({ browser }) => ({
    name: 'Ariadne',
    description: 'Turns browsing into a local knowledge graph you can search, merge, ask and draw.',
    // Firefox has no side panel API: WXT turns the panel into a `sidebar_action` there.
    // nativeMessaging: the MCP bridge for AI agents (off until the user turns it on), and team sync's host.
    // alarms: team sync's timer (every 5 minutes while a workspace is linked; docs/team.md).
    // contextMenus, activeTab, scripting: "Capture this page" / "Add selection to Ariadne" and the
    // shortcut; activeTab grants only the tab the user acted on, scripting injects the content
    // script into a tab opened before Ariadne was installed.
    permissions:
      browser === 'firefox'
        ? ['storage', 'unlimitedStorage', 'nativeMessaging', 'contextMenus', 'activeTab', 'scripting', 'alarms']
        : ['sidePanel', 'storage', 'unlimitedStorage', 'nativeMessaging', 'contextMenus', 'activeTab', 'scripting', 'alarms'],
    // Automatic PDF capture (Settings → Capture → "Read PDFs automatically"): the background downloads
    // a PDF the user opens only with this access, asked for on the user's click and dropped when cleared
    // (src/core/pdf-access.ts). The shortcut and the menu read a PDF with their activeTab grant alone.
    // Chromium: `file:///*`, asked for by Settings → Capture → "Capture local files", lets the worker read
    // a local PDF once the user also allows file URLs (no prompt, no warning; Firefox add-ons cannot).
    ...(browser === 'firefox'
      ? { optional_permissions: ['http://*/*', 'https://*/*'] }
      : { optional_host_permissions: ['http://*/*', 'https://*/*', 'file:///*'] }),
    // Private windows are never captured: the extension does not run there at all.
    incognito: 'not_allowed',
    // Development builds pin their id (docs/mcp.md) so the native host's allowed_origins
    // matches; store builds (ARIADNE_STORE_BUILD=1) get the store's id instead.
    ...(browser !== 'firefox' && process.env.ARIADNE_STORE_BUILD !== '1' ? { key: EXTENSION_PUBLIC_KEY } : {}),
    // Firefox: a fixed add-on id keeps the moz-extension:// origin (and so the IndexedDB graph)
    // across restarts, lets the unsigned zip install permanently, and is what the native host
    // manifest's allowed_extensions names. Ariadne sends nothing anywhere by default: the
    // optional look-ups (LLM, Wikidata) go only to services the user configures (README, "Permissions").
    // 140 (142 on Android): the first Firefox that reads data_collection_permissions.
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: GECKO_ID, strict_min_version: '140.0', data_collection_permissions: { required: ['none'] } },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
    // The diagram's layout page (entrypoints/diagram.sandbox, Chromium only): sandboxed, its own
    // scripts only (no inline script, no eval), Mermaid's inline styles, nothing else loaded.
    ...(browser === 'firefox'
      ? {}
      : {
          content_security_policy: {
            sandbox: "sandbox allow-scripts; default-src 'none'; script-src 'self'; style-src 'unsafe-inline'",
          },
        }),
    // Chromium opens the side panel; Firefox has no side panel, the button toggles the sidebar.
    action: { default_title: browser === 'firefox' ? 'Ariadne: show or hide the sidebar' : 'Ariadne: open the side panel' },
    commands: {
      'capture-page': {
        suggested_key: { default: 'Alt+Shift+A' },
        description: 'Capture the current page into Ariadne now (also in manual mode or when paused)',
      },
    },
  }),
});
