/**
 * Turns off zod's JIT before any schema is built (import this first in the background and
 * panel entrypoints; the content script has no schema library).
 *
 * zod 4 compiles object parsers with `new Function` and probes for it once; extension pages
 * forbid eval (Chromium's MV3 and Firefox's default CSP), so the probe fails, and a strict CSP
 * reports the caught attempt as a violation. Jitless skips the probe, with the same parser
 * the browser already used. zod reads the setting when each object schema is constructed,
 * hence a side-effect module imported before the schemas. Speed: bench/zod-jitless.bench.ts.
 */
import { z } from 'zod';

z.config({ jitless: true });
