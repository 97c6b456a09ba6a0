/** A WebSocket spoken byte by byte over TCP, for frames no well-behaved library would send. */
import { connect, type Socket } from 'node:net';
import { until } from './wait.js';

/** A client frame: masked, as RFC 6455 requires of clients, with the length in the form its size needs. */
export function clientFrame(opcode: number, payload: Buffer, declaredLength = payload.length): Buffer {
  const mask = Buffer.from([1, 2, 3, 4]);
  let head: Buffer;
  if (declaredLength < 126) head = Buffer.from([0x80 | opcode, 0x80 | declaredLength]);
  else if (declaredLength < 65536) head = Buffer.from([0x80 | opcode, 0x80 | 126, declaredLength >> 8, declaredLength & 0xff]);
  else {
    head = Buffer.alloc(10);
    head.set([0x80 | opcode, 0x80 | 127]);
    head.writeBigUInt64BE(BigInt(declaredLength), 2);
  }
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([head, mask, masked]);
}

/** A WebSocket spoken byte by byte over TCP: what it received after the handshake, and the close code the server sent. */
export interface RawClient {
  socket: Socket;
  received: () => Buffer;
  closeCode: () => number | undefined;
  ended: () => boolean;
}

export async function rawClient(url: string): Promise<RawClient> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  let ended = false;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (!upgraded) {
      const at = buffer.indexOf('\r\n\r\n');
      if (at !== -1) {
        upgraded = buffer.subarray(0, at).toString().startsWith('HTTP/1.1 101');
        buffer = buffer.subarray(at + 4);
      }
    }
  });
  socket.on('close', () => (ended = true));
  socket.on('error', () => (ended = true));
  socket.write(
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await until(() => upgraded, 5000, 'for the upgrade');
  /** The code of the first close frame (opcode 8) among the server's frames. */
  const closeCode = (): number | undefined => {
    let at = 0;
    while (at + 2 <= buffer.length) {
      const opcode = buffer[at]! & 0x0f;
      let length = buffer[at + 1]! & 0x7f;
      let start = at + 2;
      if (length === 126) {
        length = buffer.readUInt16BE(at + 2);
        start += 2;
      } else if (length === 127) {
        length = Number(buffer.readBigUInt64BE(at + 2));
        start += 8;
      }
      if (start + length > buffer.length) return undefined;
      if (opcode === 8) return length >= 2 ? buffer.readUInt16BE(start) : 1005;
      at = start + length;
    }
    return undefined;
  };
  return { socket, received: () => buffer, closeCode, ended: () => ended };
}

