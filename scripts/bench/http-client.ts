/**
 * A bench's HTTP client (issue 22): node:http over kept-alive sockets, the body read as text. The
 * benches' load generators share the machine with the service they measure, and `fetch` (undici's
 * WHATWG streams and Headers) cost the clients of `bench:games` more CPU per request than the
 * service's own parsing; this plain client leaves that CPU to the service and the database.
 */
import http from 'node:http';

export interface BenchResponse {
  status: number;
  text: string;
}

export function benchHttpClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return function request(
    url: string,
    options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const headers = { ...options.headers };
      if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
      const outgoing = http.request(url, { method: options.method ?? 'GET', headers, agent }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(options.body);
    });
  };
}
