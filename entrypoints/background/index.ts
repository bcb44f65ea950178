import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  // Wired in src/background (store, registry, messaging).
});
