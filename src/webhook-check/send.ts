/**
 * Sends a check's battery to the handler, one request at a time, and attributes to each the API
 * calls the handler made to the store meanwhile: the store's request journal, from the moment a
 * request is sent to the moment the next one is (the requests never overlap, so the windows are
 * clean). The time budget is the sender's own timer, as for real deliveries.
 */
import { sendWebhook } from '../platform/webhooks/http-sender.js';
import type { Journal } from '../platform/journal/journal.js';
import type { DeliveryRole, PlannedDelivery } from './plan.js';
import type { AttributedCall, SentDelivery } from './report.types.js';

/** A sent request with what it was for. */
export interface Sent extends SentDelivery {
  readonly role: DeliveryRole;
}

/** After this many requests in a row without an answer, the rest are not sent: each would wait as long. */
export const GIVE_UP_AFTER = 3;

const SHOWN_BODY = 2048;

export interface SendOptions {
  readonly url: string;
  readonly timeoutMs: number;
  /** The store's journal (null when it keeps none: no call can be attributed). */
  readonly journal: Journal | null;
}

function newestId(journal: Journal | null): number {
  return journal?.newestFirst().next().value?.id ?? 0;
}

/** The calls journaled after entry `from` up to entry `to` (ids), oldest first. */
function callsBetween(journal: Journal | null, from: number, to: number): AttributedCall[] {
  const calls: AttributedCall[] = [];
  for (const entry of journal?.newestFirst() ?? []) {
    if (entry.id <= from) break;
    if (entry.id <= to) calls.push({ method: entry.method, path: entry.path, status: entry.status });
  }
  return calls.reverse();
}

function shownRequest(planned: PlannedDelivery): SentDelivery['request'] {
  return {
    headers: planned.headers,
    body: planned.body.slice(0, SHOWN_BODY),
    bytes: Buffer.byteLength(planned.body),
  };
}

/**
 * Sends `plan` in order and answers each request with the handler's answer and calls.
 *
 * @example
 * const sent = await sendAll(plan, { url, timeoutMs: 5000, journal: store.traffic.journal });
 */
export async function sendAll(plan: readonly PlannedDelivery[], options: SendOptions): Promise<Sent[]> {
  const answered: { planned: PlannedDelivery; result: Awaited<ReturnType<typeof sendWebhook>> }[] = [];
  const marks: number[] = [];
  let silent = 0;
  for (const planned of plan) {
    if (silent >= GIVE_UP_AFTER) break;
    marks.push(newestId(options.journal));
    const result = await sendWebhook(options.url, { ...planned.headers }, planned.body, options.timeoutMs);
    answered.push({ planned, result });
    silent = result.status === null && result.error?.startsWith('no answer') ? silent + 1 : 0;
  }
  marks.push(newestId(options.journal));
  const sent: Sent[] = answered.map(({ planned, result }, index) => ({
    role: planned.role,
    label: planned.label,
    topic: planned.topic,
    request: shownRequest(planned),
    status: result.status,
    error: result.error,
    duration_ms: result.durationMs,
    response_body: result.body,
    calls: callsBetween(options.journal, marks[index] ?? 0, marks[index + 1] ?? 0),
  }));
  const reason = `not sent: ${GIVE_UP_AFTER} requests in a row had no answer within ${options.timeoutMs} ms`;
  for (const planned of plan.slice(answered.length))
    sent.push({
      role: planned.role,
      label: planned.label,
      topic: planned.topic,
      request: shownRequest(planned),
      status: null,
      error: reason,
      duration_ms: 0,
      response_body: null,
      calls: [],
      not_sent: reason,
    });
  return sent;
}
