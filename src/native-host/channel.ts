/**
 * A framed, message-oriented channel over any pair of Node streams: the host's
 * stdin/stdout with Chromium, or a Unix socket between the MCP server and the host.
 * Decoding errors close the channel (a framed stream cannot be resynchronised).
 */
import type { Readable, Writable } from 'node:stream';
import { encodeFrame, FrameDecoder, MAX_FRAME_BYTES } from './framing';

export interface FramedChannel {
  /** Sends one message; returns false (and drops it) once the channel is closed. */
  send(message: unknown): boolean;
  close(): void;
  readonly closed: boolean;
  onMessage(handler: (message: unknown) => void): void;
  /** Called once, with the reason when the close came from an error. */
  onClose(handler: (error?: Error) => void): void;
}

export interface ChannelOptions {
  /** Largest frame accepted from the peer. */
  readonly maxInBytes?: number;
  /** Largest frame sent to the peer (1 MiB towards Chromium). */
  readonly maxOutBytes?: number;
  /** Ends the underlying streams when the channel closes (sockets: yes; stdio: no). */
  readonly destroy?: () => void;
}

/**
 * @example
 *   const chrome = framedChannel(process.stdin, process.stdout, { maxOutBytes: MAX_TO_BROWSER_BYTES });
 *   chrome.onMessage((m) => log(m));
 */
export function framedChannel(input: Readable, output: Writable, options: ChannelOptions = {}): FramedChannel {
  const decoder = new FrameDecoder(options.maxInBytes ?? MAX_FRAME_BYTES);
  const messageHandlers: ((message: unknown) => void)[] = [];
  const closeHandlers: ((error?: Error) => void)[] = [];
  let closed = false;

  const finish = (error?: Error): void => {
    if (closed) return;
    closed = true;
    input.off('data', onData);
    options.destroy?.();
    for (const handler of closeHandlers) handler(error);
  };
  const onData = (chunk: Buffer): void => {
    let messages: unknown[];
    try {
      messages = decoder.push(chunk);
    } catch (error) {
      finish(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    for (const message of messages) {
      if (closed) return;
      deliver(message);
    }
  };
  // Messages that arrive before anyone listens are kept, not lost (a host still
  // opening its socket when the extension's hello comes in).
  const early: unknown[] = [];
  const deliver = (message: unknown): void => {
    if (messageHandlers.length === 0) early.push(message);
    for (const handler of messageHandlers) handler(message);
  };
  input.on('data', onData);
  input.once('end', () => finish());
  input.once('close', () => finish());
  input.once('error', (error: Error) => finish(error));
  output.once('error', (error: Error) => finish(error));

  return {
    send(message) {
      if (closed) return false;
      output.write(encodeFrame(message, options.maxOutBytes ?? MAX_FRAME_BYTES));
      return true;
    },
    close: () => finish(),
    get closed() {
      return closed;
    },
    onMessage: (handler) => {
      messageHandlers.push(handler);
      for (const message of early.splice(0)) handler(message);
    },
    onClose: (handler) => void closeHandlers.push(handler),
  };
}
