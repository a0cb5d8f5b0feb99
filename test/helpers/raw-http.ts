/**
 * A request with exactly the headers given, `Host` included (fetch always sends its own Host), for
 * tests of what the emulator answers a browser that was led to it under another name.
 */
import { request } from 'node:http';
import type { Json } from './api.js';

export interface RawReply {
  readonly status: number;
  readonly body: Json;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * Sends `method path` to the emulator at `baseUrl` with these headers (a `Host: null` sends none).
 *
 * @example
 * await rawRequest(emulator.url, 'GET', '/_emulator/stores', { Host: 'evil.example:4010' }); // 403
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Readonly<Record<string, string | null>> = {},
  body?: string,
): Promise<RawReply> {
  const url = new URL(baseUrl);
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== null) sent[name] = value;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: sent,
        setHost: headers.Host === undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text === '' ? undefined : JSON.parse(text);
          } catch {
            // not JSON: the text as it came
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as Json, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
