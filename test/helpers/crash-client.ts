/**
 * A client for crash tests of `--data`: it creates, updates and deletes customers over several
 * connections, sends requests that must be refused (a fault answered 503, a duplicate email
 * answered 422), remembers what each answer told it and when, and after a restart checks the
 * store against that: what was acknowledged before the window is there, what was deleted before it
 * is gone, nothing refused exists, no answer was unexpected (a 500).
 */
import { expect } from 'vitest';
import type { Random } from '../../src/platform/random.js';

/** What the client was told about one customer. */
interface Tracked {
  readonly email: string;
  /** The `first_name` values sent, in order (the first by the create); `ackedAt` once acknowledged. */
  readonly values: { readonly value: string; ackedAt?: number }[];
  /** A request about it is in flight. */
  busy: boolean;
  /** A delete was sent (it may or may not have been done when the process died). */
  deleteSent: boolean;
  deletedAt?: number;
}

/** A customer as the store holds it. */
export interface StoredCustomer {
  readonly email: string;
  readonly first_name: string;
}

/** The customers of the store behind `url`, by id, as its snapshot shows them. */
export async function storedCustomers(url: string, token: string): Promise<Map<number, StoredCustomer>> {
  const res = await fetch(`${url}/_emulator/snapshot`, { headers: { 'X-Service-Access-Token': token } });
  expect(res.status).toBe(200);
  const snapshot = (await res.json()) as {
    store: { collections: { customers?: ({ id: number } & StoredCustomer)[] } };
  };
  return new Map((snapshot.store.collections.customers ?? []).map((c) => [c.id, c]));
}

export class CrashClient {
  private readonly known = new Map<number, Tracked>();
  /** Creates sent and not acknowledged (the process died first): they may or may not exist. */
  private readonly unanswered = new Map<string, string>();
  /** Emails of creates answered 503 by a fault, or refused otherwise: never stored. */
  private readonly refusedEmails = new Set<string>();
  /** `first_name` of creates answered 422 (their email was taken) and of refused updates: never stored. */
  private readonly refusedNames = new Set<string>();
  /** Answers no request should get (a 500 above all), with what was asked. */
  readonly unexpected: string[] = [];
  private counter = 0;

  constructor(
    private readonly token: string,
    private readonly random: Random,
  ) {}

  /** A value no other request sends. */
  private next(): string {
    return `n${++this.counter}`;
  }

  /**
   * Sends a mix of writes over four connections until `acknowledged(count)`, told after every
   * acknowledged write, returns true, or until the process dies under the requests.
   */
  async writeUntil(url: string, acknowledged: (count: number) => boolean): Promise<void> {
    let acks = 0;
    let stop = false;
    const ack = () => {
      stop ||= acknowledged(++acks);
    };
    const loop = async () => {
      while (!stop) {
        try {
          if (await this.one(url)) ack();
        } catch {
          return; // the process died under this request
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(loop));
  }

  /** Sends one request; true when it was an acknowledged write. */
  private async one(url: string): Promise<boolean> {
    const live = [...this.known].filter(([, c]) => !c.busy && !c.deleteSent);
    const pick = () => live[this.random.int(0, live.length - 1)] as [number, Tracked];
    const roll = this.random.next();
    if (live.length > 0 && roll < 0.2) return this.update(url, ...pick());
    if (live.length > 10 && roll < 0.3) return this.delete(url, ...pick());
    if (roll < 0.35) return this.refusedByFault(url);
    if (live.length > 0 && roll < 0.4) return this.refusedAsDuplicate(url, pick()[1]);
    return this.create(url);
  }

  private request(url: string, method: string, path: string, body?: object, headers = {}) {
    return fetch(`${url}${path}`, {
      method,
      headers: { 'X-Service-Access-Token': this.token, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Notes an answer that is not `expected`; returns whether it was. */
  private expectStatus(res: Response, expected: number, what: string): boolean {
    if (res.status === expected) return true;
    this.unexpected.push(`${what}: ${res.status}`);
    return false;
  }

  private async create(url: string): Promise<boolean> {
    const value = this.next();
    const email = `crash.${value}.${this.random.hex(4)}@example.com`;
    this.unanswered.set(email, value);
    const res = await this.request(url, 'POST', '/customers', {
      email,
      first_name: value,
      last_name: 'Crash',
    });
    const body = (await res.json()) as { customer?: { id: number } };
    this.unanswered.delete(email);
    if (!this.expectStatus(res, 201, `POST /customers ${email}`) || !body.customer) {
      this.refusedEmails.add(email);
      return false;
    }
    this.known.set(body.customer.id, {
      email,
      values: [{ value, ackedAt: performance.now() }],
      busy: false,
      deleteSent: false,
    });
    return true;
  }

  private async update(url: string, id: number, customer: Tracked): Promise<boolean> {
    const value = this.next();
    const sent = { value } as { value: string; ackedAt?: number };
    customer.values.push(sent);
    customer.busy = true;
    const res = await this.request(url, 'PUT', `/customers/${id}`, { first_name: value });
    await res.arrayBuffer();
    customer.busy = false;
    if (!this.expectStatus(res, 200, `PUT /customers/${id}`)) {
      this.refusedNames.add(value);
      return false;
    }
    sent.ackedAt = performance.now();
    return true;
  }

  private async delete(url: string, id: number, customer: Tracked): Promise<boolean> {
    customer.deleteSent = true;
    customer.busy = true;
    const res = await this.request(url, 'DELETE', `/customers/${id}`);
    await res.arrayBuffer();
    if (!this.expectStatus(res, 204, `DELETE /customers/${id}`)) {
      // Refused: the customer stays.
      customer.deleteSent = customer.busy = false;
      return false;
    }
    customer.deletedAt = performance.now();
    return true;
  }

  private async refusedByFault(url: string): Promise<boolean> {
    const email = `refused.${this.next()}@example.com`;
    this.refusedEmails.add(email);
    const body = { email, first_name: 'Refused', last_name: 'Crash' };
    const res = await this.request(url, 'POST', '/customers', body, { 'X-Emulator-Fault': '503' });
    await res.arrayBuffer();
    this.expectStatus(res, 503, `POST /customers with a 503 fault`);
    return false;
  }

  private async refusedAsDuplicate(url: string, taken: Tracked): Promise<boolean> {
    const name = `refused-${this.next()}`;
    this.refusedNames.add(name);
    // Not deleted meanwhile: its email stays taken.
    taken.busy = true;
    const res = await this.request(url, 'POST', '/customers', { email: taken.email, first_name: name });
    await res.arrayBuffer();
    taken.busy = false;
    this.expectStatus(res, 422, `POST /customers with a taken email`);
    return false;
  }

  /**
   * Checks `stored` (the store after a restart) against what the client was told, for a kill at
   * `killedAt` and changes acknowledged more than `windowMs` before it; then takes `stored` as
   * what it knows. Returns how many acknowledged changes it checked.
   */
  check(stored: ReadonlyMap<number, StoredCustomer>, killedAt: number, windowMs: number): number {
    const before = killedAt - windowMs;
    let checked = 0;
    for (const [id, customer] of this.known) {
      const row = stored.get(id);
      if (customer.deletedAt !== undefined && customer.deletedAt <= before) {
        expect(row, `customer ${id}, deleted before the window, is gone`).toBeUndefined();
        checked += 1;
        continue;
      }
      // The last value acknowledged before the window, or one sent after it.
      const settled = customer.values.findLastIndex((v) => v.ackedAt !== undefined && v.ackedAt <= before);
      if (settled >= 0 && !customer.deleteSent) {
        expect(row?.email, `customer ${id}, created before the window, is kept`).toBe(customer.email);
        checked += 1;
      }
      if (row) {
        const allowed = customer.values.slice(Math.max(settled, 0)).map((v) => v.value);
        expect(allowed, `customer ${id} holds its last acknowledged value or a later one`).toContain(
          row.first_name,
        );
        if (settled >= 0) checked += 1;
      }
    }
    for (const [id, row] of stored) {
      expect(this.refusedEmails.has(row.email), `customer ${id}, refused with 503, does not exist`).toBe(
        false,
      );
      expect(this.refusedNames.has(row.first_name), `customer ${id}, refused with 422, does not exist`).toBe(
        false,
      );
      if (!this.known.has(id))
        expect(this.unanswered.get(row.email), `customer ${id} is one the client sent`).toBe(row.first_name);
    }
    // What the store holds now is what the client knows: from now on it is on disk either way.
    this.known.clear();
    this.unanswered.clear();
    for (const [id, row] of stored)
      this.known.set(id, {
        email: row.email,
        values: [{ value: row.first_name, ackedAt: -Infinity }],
        busy: false,
        deleteSent: false,
      });
    return checked;
  }
}
