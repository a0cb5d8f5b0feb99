/**
 * The webhook inbox: receivers on the emulator itself (`/_emulator/inbox/<name>`), so a test or a
 * QA person without a server of their own can watch deliveries arrive. Each inbox keeps what it was
 * sent (headers, the exact body, whether the signature is a store's) in memory, answers the status
 * it was told (200 unless told otherwise, to exercise retries), and is bounded in size.
 */
import { toIso, wallClockMs } from '../platform/clock.js';
import { verifyWebhook } from '../platform/webhooks/signature.js';
import type { StoreRegistry } from '../store/registry.js';
import type { InboxEntry } from '../client/client.types.js';

/** Letters, digits, `.`, `_`, `-`; starting with a letter or digit; at most 100. */
export const INBOX_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** Inboxes one emulator keeps; a delivery to one more is refused (429) until one is deleted. */
export const MAX_INBOXES = 50;
/** Requests an inbox keeps; older ones are dropped (`received` still counts them). */
export const MAX_ENTRIES = 200;
/** Body bytes an inbox keeps; older requests are dropped beyond it. */
export const MAX_INBOX_BYTES = 4 * 1024 * 1024;

/** An inbox as the control API shows it. */
export interface InboxState {
  readonly name: string;
  /** The status it answers (200 unless set). */
  status: number;
  /** Requests received in all, dropped ones included. */
  received: number;
  /** The kept requests, oldest first. */
  readonly entries: InboxEntry[];
  bytes: number;
}

/** Header names the inbox reads: the signature and the topic (they follow `--header-prefix`). */
export interface InboxHeaders {
  readonly hmac: string;
  readonly topic: string;
}

/** Too many inboxes: the one asked for would be one more than `MAX_INBOXES`. */
export class TooManyInboxes extends Error {}

const inboxes = new WeakMap<StoreRegistry, Inboxes>();

/** The inboxes of the emulator that owns `registry` (one set per emulator, made on first use). */
export function inboxesOf(registry: StoreRegistry): Inboxes {
  let found = inboxes.get(registry);
  if (!found) {
    found = new Inboxes(registry);
    inboxes.set(registry, found);
  }
  return found;
}

export class Inboxes {
  private readonly byName = new Map<string, InboxState>();

  constructor(private readonly registry: StoreRegistry) {}

  /** Every inbox, by name. */
  list(): InboxState[] {
    return [...this.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The inbox of that name; an empty one answering 200 when nothing was sent or set there. */
  view(name: string): InboxState {
    return this.byName.get(name) ?? { name, status: 200, received: 0, entries: [], bytes: 0 };
  }

  /** Makes the inbox answer `status` from now on. */
  setStatus(name: string, status: number): InboxState {
    const inbox = this.open(name);
    inbox.status = status;
    return inbox;
  }

  /** Forgets an inbox (what it received and the status it was told); false when there was none. */
  delete(name: string): boolean {
    return this.byName.delete(name);
  }

  /** Keeps a request and answers the entry, with the status to answer it with. */
  receive(
    name: string,
    request: { headers: Readonly<Record<string, string>>; bytes: Buffer },
    names: InboxHeaders,
  ): InboxEntry {
    const inbox = this.open(name);
    const header = request.headers[names.hmac.toLowerCase()];
    const signer =
      header === undefined
        ? undefined
        : this.registry.list().find((store) => verifyWebhook(request.bytes, header, store.clientSecret));
    const entry: InboxEntry = {
      id: inbox.received + 1,
      received_at: toIso(wallClockMs()),
      topic: request.headers[names.topic.toLowerCase()] ?? null,
      headers: request.headers,
      body: request.bytes.toString('utf8'),
      signature: {
        valid: signer !== undefined,
        store_id: signer?.id ?? null,
        store_time: signer?.clock.iso() ?? null,
      },
      answered: inbox.status,
    };
    inbox.received += 1;
    inbox.entries.push(entry);
    inbox.bytes += Buffer.byteLength(entry.body);
    while (
      inbox.entries.length > MAX_ENTRIES ||
      (inbox.bytes > MAX_INBOX_BYTES && inbox.entries.length > 1)
    ) {
      const dropped = inbox.entries.shift();
      inbox.bytes -= dropped ? Buffer.byteLength(dropped.body) : 0;
    }
    return entry;
  }

  private open(name: string): InboxState {
    const found = this.byName.get(name);
    if (found) return found;
    if (this.byName.size >= MAX_INBOXES) throw new TooManyInboxes(name);
    const inbox: InboxState = { name, status: 200, received: 0, entries: [], bytes: 0 };
    this.byName.set(name, inbox);
    return inbox;
  }
}
