/**
 * The meeting point between an agent's MCP server and the browser's native host: a
 * Unix socket (a named pipe on Windows) per browser profile, private to the user
 * (directory 0700, socket 0600). The host listens; MCP servers connect.
 */
import { chmod, lstat, mkdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { AriadneError } from '../core/errors';
import { framedChannel, type FramedChannel } from './channel';

/** Most concurrent MCP servers a host serves; each is one agent process. */
export const MAX_SOCKET_CLIENTS = 16;

export interface SocketServerHandle {
  readonly path: string;
  /** Stops listening, closes every connection, removes the socket if still ours. */
  close(): Promise<void>;
}

/**
 * Listens on `file`, replacing a stale socket left by a host that died, and also a live
 * one (a newer host of the same profile wins; the old one keeps only its connections).
 *
 * @example
 *   const server = await listenOnSocket('/run/user/1000/ariadne/chromium.sock', (channel) => serve(channel));
 */
export async function listenOnSocket(
  file: string,
  onConnection: (channel: FramedChannel) => void,
  log: (line: string) => void = () => {},
): Promise<SocketServerHandle> {
  const isPipe = file.startsWith('\\\\.\\pipe\\');
  if (!isPipe) {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await chmod(path.dirname(file), 0o700);
    if (await exists(file)) {
      log(`${(await isAlive(file)) ? 'replacing a live' : 'removing a stale'} socket at ${file}`);
      await unlink(file);
    }
  }
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (sockets.size >= MAX_SOCKET_CLIENTS) {
      log(`refusing a connection: ${MAX_SOCKET_CLIENTS} clients already connected`);
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    onConnection(framedChannel(socket, socket, { destroy: () => socket.destroy() }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log(`socket server error: ${error.message}`));
  const inode = isPipe ? undefined : (await lstat(file)).ino;
  if (!isPipe) await chmod(file, 0o600);

  return {
    path: file,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Only remove the file if a newer host has not replaced it meanwhile.
      if (
        inode !== undefined &&
        (await lstat(file).then(
          (s) => s.ino,
          () => undefined,
        )) === inode
      ) {
        await unlink(file).catch(() => undefined);
      }
    },
  };
}

/**
 * Connects to a host's socket. Rejects with `unavailable` when nobody listens there
 * (browser closed, bridge turned off, host not started yet).
 *
 * @example
 *   const channel = await connectToSocket(file, 1000);
 */
export function connectToSocket(file: string, timeoutMs: number): Promise<FramedChannel> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(file);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new AriadneError('unavailable', `No answer from the Ariadne host at ${file} within ${timeoutMs} ms.`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(framedChannel(socket, socket, { destroy: () => socket.destroy() }));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new AriadneError('unavailable', `Nothing listens at ${file} (${error.code ?? error.message}).`));
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

async function isAlive(file: string): Promise<boolean> {
  return connectToSocket(file, 500).then(
    (channel) => {
      channel.close();
      return true;
    },
    () => false,
  );
}
