import { defineConfig } from 'wxt';

// Permissions are the minimum Ariadne needs; README.md ("Permissions") says why each is here.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  srcDir: '.',
  imports: false,
  entrypointsDir: 'entrypoints',
  manifest: {
    name: 'Ariadne',
    description: 'Turns browsing into a local knowledge graph you can search, merge, ask and draw.',
    permissions: ['storage', 'sidePanel', 'activeTab', 'scripting', 'contextMenus', 'unlimitedStorage'],
    action: { default_title: 'Ariadne: capture this page' },
    commands: {
      'capture-page': {
        suggested_key: { default: 'Alt+Shift+A' },
        description: 'Capture the current page into Ariadne',
      },
    },
  },
});
