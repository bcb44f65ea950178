// First: zod must be jitless before any schema is built (src/messaging/zod-jitless.ts).
import '../../src/messaging/zod-jitless';
import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../../src/background/start';

// Thin wiring only: everything lives in src/background (main is not async; nothing runs at top level).
export default defineBackground(() => {
  startBackground();
});
