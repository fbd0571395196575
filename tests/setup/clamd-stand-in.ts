/**
 * A loopback stand-in for ClamAV's daemon (decision 052), so no test needs clamd: a `node:net`
 * server on 127.0.0.1 (port 0, a free one) that speaks the INSTREAM command as clamd does —
 * `zINSTREAM\0` (or `nINSTREAM\n`), then chunks each behind a 4-byte big-endian length, ended by
 * a zero length — and answers `stream: Eicar-Test-Signature FOUND` when the bytes received contain
 * the EICAR test string, `stream: OK` otherwise (NUL-terminated for `z`, newline for `n`), then
 * closes the connection.
 *
 * `mode` makes it misbehave the ways a real daemon can: `silent` reads and never answers (a hung
 * daemon: the client's timeout), `close` drops the connection once the command arrives, and
 * `maxStreamBytes` plays clamd's StreamMaxLength (`INSTREAM size limit exceeded. ERROR`).
 *
 * The EICAR string is built from two halves here, so no file of the repository holds the whole
 * signature and no scanner on a developer's machine flags the repository itself.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** The EICAR anti-virus test string (harmless, detected by every scanner by convention). */
export function eicarTestString(): string {
  return ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join('');
}

/** A small PDF carrying `payload` in a comment (enough for the pipeline's magic-byte check). */
export function pdfWith(payload = ''): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${payload}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

export type ClamdStandInMode = 'normal' | 'silent' | 'close';

export type ClamdStandIn = {
  port: number;
  /** `tcp://127.0.0.1:<port>`, as CLAMD_URL would say. */
  url: string;
  address: { host: string; port: number };
  /** The bytes of every complete stream received, in order. */
  readonly streams: Buffer[];
  /** How the next connections are served. */
  mode: ClamdStandInMode;
  /** clamd's StreamMaxLength (bytes); null: no limit. */
  maxStreamBytes: number | null;
  close(): Promise<void>;
};

/** Starts a stand-in on a free loopback port; `close` it in `afterAll`. */
export async function startClamdStandIn(): Promise<ClamdStandIn> {
  const sockets = new Set<net.Socket>();
  const signature = Buffer.from(eicarTestString(), 'latin1');
  const state = { mode: 'normal' as ClamdStandInMode, maxStreamBytes: null as number | null };
  const streams: Buffer[] = [];

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let command: 'z' | 'n' | null = null;
    const body: Buffer[] = [];
    let total = 0;
    const reply = (text: string) => {
      socket.end(`${text}${command === 'n' ? '\n' : '\0'}`);
    };
    socket.on('data', (chunk: Buffer) => {
      if (socket.destroyed || socket.writableEnded) return;
      buffered = Buffer.concat([buffered, chunk]);
      if (command === null) {
        const end = buffered.findIndex((byte) => byte === 0 || byte === 0x0a);
        if (end < 0) return;
        const name = buffered.subarray(0, end).toString('latin1');
        buffered = buffered.subarray(end + 1);
        if (name !== 'zINSTREAM' && name !== 'nINSTREAM') {
          command = 'z';
          reply('UNKNOWN COMMAND');
          return;
        }
        command = name[0] as 'z' | 'n';
        if (state.mode === 'close') {
          socket.destroy();
          return;
        }
      }
      while (buffered.length >= 4) {
        const length = buffered.readUInt32BE(0);
        if (length === 0) {
          const received = Buffer.concat(body);
          streams.push(received);
          if (state.mode === 'silent') return;
          reply(received.includes(signature) ? 'stream: Eicar-Test-Signature FOUND' : 'stream: OK');
          return;
        }
        if (state.maxStreamBytes !== null && total + length > state.maxStreamBytes) {
          reply('INSTREAM size limit exceeded. ERROR');
          return;
        }
        if (buffered.length < 4 + length) return;
        body.push(Buffer.from(buffered.subarray(4, 4 + length)));
        total += length;
        buffered = buffered.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `tcp://127.0.0.1:${port}`,
    address: { host: '127.0.0.1', port },
    streams,
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get maxStreamBytes() {
      return state.maxStreamBytes;
    },
    set maxStreamBytes(value) {
      state.maxStreamBytes = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (taken, then released): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
