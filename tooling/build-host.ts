/**
 * `npm run build:host`: compiles the bridge's one executable (`src/cli/mcp.ts`: the
 * native messaging host, the MCP server an agent runs, install) into a single ES module
 * that plain `node` runs. The browser starts the host on every connection and an agent
 * starts `serve` on every session: run through tsx, each start compiled the TypeScript
 * first (seconds on a cold cache); the bundle starts in a fraction of that.
 *
 * Bundled whole (the MCP SDK, zod, pg): the file does not depend on where node_modules is.
 * `install` run from the bundle writes wrappers that run the bundle.
 *
 * @example
 *   await buildHost(); // writes .output/native-host/ariadne-mcp.mjs
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the compiled host goes; two levels under the root, so its `../../package.json` is the project's. */
export const HOST_BUNDLE = path.join(ROOT, '.output', 'native-host', 'ariadne-mcp.mjs');

export async function buildHost(outfile: string = HOST_BUNDLE): Promise<string> {
  await build({
    entryPoints: [path.join(ROOT, 'src', 'cli', 'mcp.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // pg's optional native binding is never installed; pg falls back to JavaScript.
    external: ['pg-native'],
    // Bundled CommonJS packages (pg) call require: give the ES module one.
    banner: { js: "import { createRequire as __ariadneRequire } from 'node:module'; const require = __ariadneRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildHost();
  process.stderr.write(`wrote ${path.relative(process.cwd(), out)}\n`);
}
