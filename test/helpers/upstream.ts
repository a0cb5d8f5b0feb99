/**
 * An emulator that plays the real service (real header names) for the clone tests, read and written
 * the way a client would: whole lists through their cursors, single records, and writes.
 */
import { createEmulator, type Emulator } from '../../src/index.js';
import type { Json } from './api.js';

/** The real service's header prefix, which the emulators of the clone tests speak. */
export const PREFIX = 'Recharge';

/**
 * An emulator playing the real service with its real names (`Recharge` headers, `shopify` for the
 * platform), its default store seeded with `small-shop` (25 customers). Its answers count the
 * token's bucket as the real service's do, in a bucket too large to fill: a clone reads it at full
 * speed, without waiting in real time (test/clone/clone-traffic.test.ts drives the 40/2 s bucket).
 */
export function startRealService(): Promise<Emulator> {
  return createEmulator({
    port: 0,
    logger: 'silent',
    scenario: 'small-shop',
    platformWord: 'shopify',
    headerPrefix: PREFIX,
    rateLimit: { enabled: false, size: 100_000 },
  });
}

export interface Reader {
  readonly url: string;
  readonly token: string;
  readonly prefix: string;
}

/** `GET path` with the store's token and version headers; the parsed body (throws on non-2xx). */
export async function read(store: Reader, path: string, version: string): Promise<Json> {
  const response = await fetch(new URL(path, store.url), {
    headers: { [`X-${store.prefix}-Access-Token`]: store.token, [`X-${store.prefix}-Version`]: version },
  });
  const body: Json = await response.json();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Every record of a list, page after page (2021-11 cursors, or the 2021-01 `Link` header). */
export async function readAll(store: Reader, path: string, key: string, version: string): Promise<Json[]> {
  const records: Json[] = [];
  const join = path.includes('?') ? '&' : '?';
  let next: string | null = `${path}${join}limit=250`;
  while (next) {
    const response = await fetch(new URL(next, store.url), {
      headers: { [`X-${store.prefix}-Access-Token`]: store.token, [`X-${store.prefix}-Version`]: version },
    });
    const body: Json = await response.json();
    if (!response.ok) throw new Error(`GET ${next} answered ${response.status}: ${JSON.stringify(body)}`);
    records.push(...(body[key] as Json[]));
    if (version === '2021-11')
      next = body.next_cursor ? `${path.split('?')[0]}?limit=250&cursor=${body.next_cursor}` : null;
    else {
      const link = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      next = link ? `${new URL(link).pathname}${new URL(link).search}` : null;
    }
  }
  return records;
}

/** `method path` with a JSON body in `version`; the parsed body (throws on non-2xx). */
export async function write(
  store: Reader,
  method: 'POST' | 'PUT',
  path: string,
  version: string,
  body: Json,
): Promise<Json> {
  const response = await fetch(new URL(path, store.url), {
    method,
    headers: {
      [`X-${store.prefix}-Access-Token`]: store.token,
      [`X-${store.prefix}-Version`]: version,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const answer: Json = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}
