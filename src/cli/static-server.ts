/**
 * A tiny static file server on 127.0.0.1 and an ephemeral port, for the e2e rig
 * (`e2e/site`) and `npm start -- --headless <file>` (pages are served over http so
 * the content script, which only runs on http(s), captures them).
 *
 * @example
 *   const server = await serveDirectory('e2e/site');
 *   await page.goto(`${server.origin}/stripe.html`);
 *   await server.close();
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.jsonld': 'application/ld+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content type a local file is served with (by its extension; unknown ones as bytes). */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

export async function serveDirectory(directory: string): Promise<StaticServer> {
  const root = resolve(directory);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    // Never serve outside the root (`..` in the URL).
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) throw new Error('not a file');
        res.writeHead(200, {
          'content-type': contentTypeOf(file),
          'content-length': info.size,
        });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
