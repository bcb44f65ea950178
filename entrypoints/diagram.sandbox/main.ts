// First: zod must be jitless before any schema is built (src/messaging/zod-jitless.ts).
import '../../src/messaging/zod-jitless';
import { startLayoutHost } from '../../src/ui/viz/layout-host';

// Thin wiring only: the sandboxed page lays out diagrams for the side panel, its parent.
// Its own origin is opaque; the panel's is the extension's, the origin of this page's URL.
startLayoutHost(window, window.parent, new URL(location.href).origin);
