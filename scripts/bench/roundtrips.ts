/**
 * Counts client/server round trips per ledger operation with a tiny TCP proxy in front of
 * PostgreSQL. Every round trip ends with the server's ReadyForQuery ('Z') message, so counting
 * those on the server→client stream counts round trips; Parse ('P') and simple Query ('Q')
 * messages on the other stream count statements sent.
 */
import net from 'node:net';

export interface WireCounts {
  roundTrips: number;
  parses: number;
  simpleQueries: number;
  bytesToServer: number;
  bytesFromServer: number;
}

/** Splits a PostgreSQL message stream into type bytes; `skipUntyped` skips the client's untyped startup message. */
function messageCounter(onType: (type: string, body: Buffer) => void, skipUntyped: boolean): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let startup = skipUntyped;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const headerLength = startup ? 4 : 5;
      if (pending.length < headerLength) return;
      const length = startup ? pending.readInt32BE(0) : pending.readInt32BE(1) + 1;
      if (pending.length < length) return;
      if (!startup) onType(String.fromCharCode(pending[0]!), pending.subarray(5, length));
      startup = false;
      pending = pending.subarray(length);
    }
  };
}

export interface CountingProxy {
  url: string;
  counts: WireCounts;
  /** The SQL of every statement sent since the last reset (Parse and simple Query), to see where round trips go. */
  statements: string[];
  reset(): void;
  close(): Promise<void>;
}

/** A proxy on 127.0.0.1 in front of `databaseUrl`'s server; `url` is `databaseUrl` pointed at it. Plain TCP only (no sslmode). */
export async function startCountingProxy(databaseUrl: string): Promise<CountingProxy> {
  const target = new URL(databaseUrl);
  const counts: WireCounts = { roundTrips: 0, parses: 0, simpleQueries: 0, bytesToServer: 0, bytesFromServer: 0 };
  const sockets = new Set<net.Socket>();
  const statements: string[] = [];
  const sqlOf = (type: string, body: Buffer): string => {
    // Parse: statement name, NUL, query, NUL; Query: query, NUL.
    const start = type === 'P' ? body.indexOf(0) + 1 : 0;
    return body.subarray(start, body.indexOf(0, start)).toString('utf8');
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname || '127.0.0.1');
    sockets.add(client).add(upstream);
    const fromClient = messageCounter((t, body) => {
      if (t === 'P') counts.parses++;
      else if (t === 'Q') counts.simpleQueries++;
      else return;
      if (statements.length < 10_000) statements.push(sqlOf(t, body));
    }, true);
    const fromServer = messageCounter((t) => void (t === 'Z' && counts.roundTrips++), false);
    client.on('data', (chunk: Buffer) => {
      counts.bytesToServer += chunk.length;
      fromClient(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      counts.bytesFromServer += chunk.length;
      fromServer(chunk);
      client.write(chunk);
    });
    const closeBoth = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closeBoth).on('error', closeBoth);
    upstream.on('close', closeBoth).on('error', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    counts,
    statements,
    reset() {
      statements.length = 0;
      Object.assign(counts, { roundTrips: 0, parses: 0, simpleQueries: 0, bytesToServer: 0, bytesFromServer: 0 });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
