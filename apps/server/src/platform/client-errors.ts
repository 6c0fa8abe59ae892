import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { Status } from '@kaoshi/contract';

/** Largest request head (request line and headers) Node's parser accepts; past it the answer is 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * What a connection hears when Node's HTTP parser gives up on it before any route runs: a request head over
 * MAX_HEADER_BYTES (431), a request not received within the timeouts (408), or bytes that are not HTTP (400).
 * The HTTP status says what happened; the body is the app's reply shape, so the client shows `msg` as for any
 * other call. The connection is closed after it (the parser cannot go on).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [http, msg] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头或网址过长，请缩短后重试']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时，请检查网络后重试']
        : [400, '请求格式不正确'];
  const body = JSON.stringify({ status: Status.BAD_INPUT, msg, data: null });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${http} ${STATUS_CODES[http]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}
