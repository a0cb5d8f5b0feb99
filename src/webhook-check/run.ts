/**
 * A webhook check (decision 0046): plays a battery of deliveries against a handler's URL from a
 * store (a new one of its own, or the caller's), with a real record behind every payload, and
 * grades the answers. The one checker behind `POST /_emulator/webhooks/check`, the client's
 * `checkWebhooks`, `billing-emulator check-webhooks` and the dashboard's screen.
 *
 * Its requests go to the handler's URL only, never through the store's webhooks: no other
 * receiver, and no other store, hears of them.
 */
import type { HeaderNames } from '../http/headers.js';
import { monotonicMs } from '../platform/clock.js';
import { isTopic, TOPICS } from '../domain/events/topics.js';
import type { TokenRecord } from '../model/token.js';
import type { ApiVersion } from '../model/versions.js';
import { SCOPES } from '../store/scopes.js';
import type { Store } from '../store/store.js';
import { gradeAll, timingsOf } from './grade.js';
import { retryLadder } from './ladder.js';
import { planDeliveries, type TopicPayload } from './plan.js';
import { kindOf, recordsFor, renderPayload } from './records.js';
import { sendAll } from './send.js';
import type { WebhookCheckReport } from './report.types.js';

/** What the checker is given, the caller having chosen (or made) the store. */
export interface CheckRun {
  readonly store: Store;
  /** Whether the store was made for the check (its clock may be moved to get a paid charge). */
  readonly newStore: boolean;
  /** The token shown in the report (a new store's), or null. */
  readonly token: string | null;
  readonly url: string;
  /** Topics asked for; default those of the store's webhooks at `url`, else every topic. */
  readonly topics?: readonly string[];
  readonly apiVersion?: ApiVersion;
  readonly secret?: string;
  readonly timeoutMs: number;
  readonly headers: HeaderNames;
  readonly userAgent: string;
}

/** The records are made as a token with every scope that exists only for the check (never stored). */
function checkToken(store: Store): TokenRecord {
  return {
    id: 0,
    token: 'webhook-check',
    name: 'Webhook check',
    scopes: SCOPES,
    contact_email: null,
    created_at: store.now(),
  };
}

/** The topics checked: asked for, else those of the store's webhooks at the URL, else all. */
function topicsOf(run: CheckRun): string[] {
  if (run.topics && run.topics.length > 0) return [...new Set(run.topics)];
  const subscribed = [...run.store.collections.webhooks.values()]
    .filter((webhook) => webhook.address === run.url)
    .map((webhook) => webhook.topic)
    .filter(isTopic);
  return subscribed.length > 0 ? [...new Set(subscribed)] : Object.keys(TOPICS);
}

/**
 * Runs a webhook check and answers its report.
 *
 * @example
 * const report = await runWebhookCheck({ store, newStore: true, token: null, url, timeoutMs: 5000, headers, userAgent });
 * report.passed; // true when every check passed
 */
export async function runWebhookCheck(run: CheckRun): Promise<WebhookCheckReport> {
  const started = monotonicMs();
  const { store } = run;
  const topics = topicsOf(run);
  const records = await recordsFor(store, checkToken(store), [...topics.map(kindOf), 'charge', 'customer'], {
    advance: run.newStore,
  });
  // Events of the records just made went to the store's own webhooks: their sends end first, so
  // they never fall into a check request's window.
  await store.settle();
  const webhookAt = (topic: string) =>
    [...store.collections.webhooks.values()].find((w) => w.address === run.url && w.topic === topic);
  const versionOf = (topic: string): ApiVersion =>
    run.apiVersion ?? webhookAt(topic)?.api_version ?? store.settings.default_api_version;
  const payload = (topic: string): TopicPayload | null => {
    const id = records.ids.get(kindOf(topic));
    if (id === undefined) return null;
    const include = webhookAt(topic)?.included_objects ?? [];
    return { topic, body: renderPayload(store, topic, id, versionOf(topic), include) };
  };
  const skipped: { topic: string; reason: string }[] = [];
  const payloads: TopicPayload[] = [];
  for (const topic of topics) {
    const made = payload(topic);
    if (made) payloads.push(made);
    else skipped.push({ topic, reason: records.missing.get(kindOf(topic)) ?? 'no record' });
  }
  const paid = payload('charge/paid');
  const created = payload('charge/created');
  const secret = run.secret ?? store.clientSecret;
  const plan = planDeliveries({
    payloads,
    outOfOrder: paid && created ? [paid, created] : null,
    unknownBody: payload('customer/updated')?.body ?? '{"customer":{"id":1}}',
    secret,
    headers: run.headers,
    userAgent: run.userAgent,
  });
  const journal = store.settings.journal_size > 0 ? store.traffic.journal : null;
  const sent = await sendAll(plan, { url: run.url, timeoutMs: run.timeoutMs, journal });
  const checks = gradeAll({
    sent,
    timeoutMs: run.timeoutMs,
    journaled: journal !== null,
    secretSource: run.secret === undefined ? "the store's client secret" : 'the secret given',
  });
  const score = checks.filter((check) => check.passed).length;
  return {
    url: run.url,
    store: { id: store.id, new: run.newStore, token: run.token },
    api_version: run.apiVersion ?? store.settings.default_api_version,
    header_prefix: run.headers.prefix,
    secret: run.secret === undefined ? { source: 'store', value: secret } : { source: 'given', value: null },
    timeout_ms: run.timeoutMs,
    topics,
    skipped,
    timings: timingsOf(sent),
    ladder: retryLadder(),
    checks,
    score,
    total: checks.length,
    passed: score === checks.length,
    duration_ms: Math.round(monotonicMs() - started),
  };
}
