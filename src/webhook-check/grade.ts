/**
 * The graders of a webhook check: each reads the requests of its role and passes or fails with the
 * evidence and one line saying what was seen. The rules are the service's (docs/webhooks.md): a
 * success is a 2xx within the time budget; a forged delivery must be refused with a 4xx (a 5xx
 * would be retried); a duplicate must not repeat a write the first made.
 */
import { MAX_TRIES, retryable, succeeded } from '../webhooks/dispatcher.js';
import { ladderText } from './ladder.js';
import type { DeliveryRole } from './plan.js';
import type { Sent } from './send.js';
import type { AttributedCall, CheckId, CheckResult, SentDelivery } from './report.types.js';

/** What the graders are given besides the requests. */
export interface GradeContext {
  readonly sent: readonly Sent[];
  readonly timeoutMs: number;
  /** False when the store keeps no request journal: writes cannot be attributed. */
  readonly journaled: boolean;
  /** Where the signing secret came from, as the report says it (`the secret given`, `the store's client secret`). */
  readonly secretSource: string;
}

/** The service's signature, said once for every place that names it. */
export const SERVICE_FORMULA = 'sha256(client_secret + raw_body), lowercase hex';

const ok = (s: SentDelivery) => succeeded(s) && s.error === null;
const refused = (s: SentDelivery) => s.status !== null && s.status >= 400 && s.status < 500;
const noServerError = (s: SentDelivery) => s.status !== null && s.status < 500;

/** `answered 401 in 3 ms`, `no answer within 5000 ms`, `not sent: ...`. */
export function answerOf(s: SentDelivery): string {
  if (s.not_sent) return s.not_sent;
  if (s.status === null) return s.error ?? 'no answer';
  return `answered ${s.status} in ${s.duration_ms} ms`;
}

/** A call as the report names it: `POST /onetimes (201)`. */
export const callText = (call: AttributedCall): string =>
  `${call.method} ${call.path} (${call.status ?? 'no answer yet'})`;

/** The calls that change something (answered below 400, or still running). */
export const writesOf = (s: SentDelivery): AttributedCall[] =>
  s.calls.filter(
    (call) =>
      !['GET', 'HEAD', 'OPTIONS'].includes(call.method) && (call.status === null || call.status < 400),
  );

function result(
  id: CheckId,
  title: string,
  passed: boolean,
  verdict: string,
  evidence: readonly SentDelivery[],
  details: readonly string[] = [],
): CheckResult {
  return { id, title, passed, verdict, details, evidence };
}

const byRole = (sent: readonly Sent[], role: DeliveryRole) => sent.filter((s) => s.role === role);

/** `p`-th percentile (nearest rank) of sorted numbers. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/** Answer times of the valid deliveries that were answered. */
export function timingsOf(sent: readonly Sent[]) {
  const times = byRole(sent, 'valid')
    .filter((s) => s.status !== null)
    .map((s) => s.duration_ms)
    .sort((a, b) => a - b);
  return {
    count: times.length,
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    max_ms: times.at(-1) ?? null,
  };
}

const listed = (items: readonly SentDelivery[]) =>
  items
    .slice(0, 4)
    .map((s) => `${s.label} ${answerOf(s)}`)
    .join('; ') + (items.length > 4 ? `; and ${items.length - 4} more` : '');

function gradeValid({ sent, timeoutMs, secretSource }: GradeContext): CheckResult {
  const valid = byRole(sent, 'valid');
  const failed = valid.filter((s) => !ok(s));
  const t = timingsOf(sent);
  const times = t.count ? ` (p50 ${t.p50_ms} ms, p95 ${t.p95_ms} ms, max ${t.max_ms} ms)` : '';
  const title = `a valid delivery of each topic is answered 2xx within ${timeoutMs} ms`;
  if (valid.length === 0) return result('valid', title, false, 'no topic to deliver', valid);
  if (failed.length === 0)
    return result('valid', title, true, `${valid.length} of ${valid.length} answered 2xx${times}`, valid);
  const allRefused = failed.length === valid.length && valid.every(refused);
  return result(
    'valid',
    title,
    false,
    `${failed.length} of ${valid.length} not answered 2xx in time: ${listed(failed)}`,
    valid,
    allRefused
      ? [
          `Every valid delivery was refused: does the handler verify with the secret they were signed with (${secretSource})? Or does it compute an HMAC (see below)?`,
        ]
      : [],
  );
}

function gradeRefusal(
  id: 'wrong-signature' | 'changed-body' | 'no-signature',
  title: string,
  { sent }: GradeContext,
): CheckResult {
  const evidence = byRole(sent, id);
  const [s] = evidence;
  if (!s) return result(id, title, false, 'not sent', evidence);
  if (refused(s)) return result(id, title, true, `refused: ${answerOf(s)}`, evidence);
  if (ok(s))
    return result(
      id,
      title,
      false,
      `accepted (${answerOf(s)}): anyone who knows the URL can send it deliveries`,
      evidence,
      [
        `Compute ${SERVICE_FORMULA} over the raw body bytes and answer 401 when it differs from the signature header.`,
      ],
    );
  if (s.status !== null && s.status >= 500)
    return result(
      id,
      title,
      false,
      `${answerOf(s)}: refuse it with a 4xx; a 5xx is retried as a failure`,
      evidence,
    );
  return result(id, title, false, answerOf(s), evidence);
}

function gradeHmac({ sent }: GradeContext): CheckResult {
  const title = 'a delivery signed with HMAC-SHA256(secret, body) is refused (4xx)';
  const evidence = byRole(sent, 'hmac');
  const [hmac] = evidence;
  const valid = byRole(sent, 'valid');
  if (!hmac) return result('hmac', title, false, 'not sent', evidence);
  if (refused(hmac)) return result('hmac', title, true, `refused: ${answerOf(hmac)}`, evidence);
  if (ok(hmac) && valid.length > 0 && valid.every((s) => refused(s)))
    return result(
      'hmac',
      title,
      false,
      'your handler verifies HMAC-SHA256(secret, body); the service sends sha256(secret + body)',
      [hmac, ...valid.slice(0, 1)],
      [
        `The service's signature is ${SERVICE_FORMULA}: the secret and the body bytes, concatenated, hashed once. It is not an HMAC, whatever the header's name says.`,
        "In Node: createHash('sha256').update(secret).update(rawBody).digest('hex')",
      ],
    );
  const forged = byRole(sent, 'wrong-signature')[0];
  if (ok(hmac) && forged && refused(forged))
    return result(
      'hmac',
      title,
      false,
      `accepted (${answerOf(hmac)}): the handler also takes an HMAC, which the service never sends`,
      evidence,
      [`Check only ${SERVICE_FORMULA}: a second formula is a second way in.`],
    );
  if (ok(hmac))
    return result(
      'hmac',
      title,
      false,
      `accepted (${answerOf(hmac)}): the handler takes any signature`,
      evidence,
    );
  return result('hmac', title, false, answerOf(hmac), evidence);
}

function gradeDuplicate({ sent }: GradeContext): CheckResult {
  const title = 'the same delivery twice is answered 2xx both times';
  const copy = byRole(sent, 'duplicate')[0];
  const first = copy && byRole(sent, 'valid').find((s) => s.topic === copy.topic);
  const evidence = [first, copy].filter((s): s is Sent => s !== undefined);
  if (!first || !copy) return result('duplicate-answered', title, false, 'not sent', evidence);
  const passed = ok(first) && ok(copy);
  return result(
    'duplicate-answered',
    title,
    passed,
    `${first.topic}: first ${answerOf(first)}, again ${answerOf(copy)}`,
    evidence,
  );
}

function gradeNoSecondWrite({ sent, journaled }: GradeContext): CheckResult {
  const title = 'the duplicate causes no second write';
  const copy = byRole(sent, 'duplicate')[0];
  const first = copy && byRole(sent, 'valid').find((s) => s.topic === copy.topic);
  const evidence = [first, copy].filter((s): s is Sent => s !== undefined);
  if (!first || !copy || copy.not_sent)
    return result('duplicate-no-write', title, false, 'not sent', evidence);
  if (!journaled)
    return result(
      'duplicate-no-write',
      title,
      false,
      'cannot tell: the store keeps no request journal (settings.journal_size 0)',
      evidence,
    );
  const before = writesOf(first);
  const again = writesOf(copy);
  const made = before.length ? before.map(callText).join(', ') : 'nothing';
  if (again.length === 0)
    return result(
      'duplicate-no-write',
      title,
      true,
      before.length
        ? `the first wrote ${made}; the duplicate wrote nothing`
        : 'no write on either (the handler wrote nothing through the API)',
      evidence,
    );
  return result(
    'duplicate-no-write',
    title,
    false,
    `the duplicate of ${copy.topic} wrote again: ${again.map(callText).join(', ')} (the first wrote ${made})`,
    evidence,
    [
      'Deliveries can come more than once. Remember what you handled (e.g. the signature header or the record id and updated_at) and answer 200 without acting again.',
    ],
  );
}

function gradeAnswered(
  id: 'out-of-order' | 'unknown-topic' | 'extra-fields',
  title: string,
  accept: (s: SentDelivery) => boolean,
  { sent }: GradeContext,
): CheckResult {
  const evidence = byRole(sent, id);
  if (evidence.length === 0) return result(id, title, false, 'not sent', evidence);
  const failed = evidence.filter((s) => !accept(s));
  const seen = evidence.map((s) => `${s.label} ${answerOf(s)}`).join('; ');
  return result(id, title, failed.length === 0, seen, evidence);
}

function gradeFate({ sent, timeoutMs }: GradeContext): CheckResult {
  const title = 'what the service would do: no delivery retried, the webhook kept';
  const delivered = sent.filter((s) => ['valid', 'duplicate', 'out-of-order'].includes(s.role));
  const again = delivered.filter((s) => !ok(s) && retryable(s));
  const lost = delivered.filter((s) => !ok(s) && !retryable(s));
  if (again.length === 0 && lost.length === 0)
    return result(
      'service-fate',
      title,
      true,
      `every delivery answered 2xx within ${timeoutMs} ms: nothing retried, the webhook stays`,
      delivered,
    );
  const lines: string[] = [];
  if (again.length > 0)
    lines.push(
      `${again.length} deliver${again.length === 1 ? 'y' : 'ies'} (${listed(again)}) would be tried ${MAX_TRIES} times over 48 h: ${ladderText()}; after the last failure the webhook is deleted.`,
    );
  if (lost.length > 0)
    lines.push(
      `${lost.length} deliver${lost.length === 1 ? 'y' : 'ies'} (${listed(lost)}) would fail for good at once, without a retry: the webhook stays, the events are lost to the handler.`,
    );
  const verdict =
    again.length > 0
      ? `the webhook would be deleted 48 h after the first failure (${again.length} retried deliver${again.length === 1 ? 'y' : 'ies'})`
      : `${lost.length} deliver${lost.length === 1 ? 'y' : 'ies'} lost without a retry; the webhook stays`;
  return result('service-fate', title, false, verdict, [...again, ...lost], lines);
}

/**
 * Every check of a webhook check, in the report's order.
 *
 * @example
 * const checks = gradeAll({ sent, timeoutMs: 5000, journaled: true, secretSource: "the secret given" });
 */
export function gradeAll(context: GradeContext): CheckResult[] {
  return [
    gradeValid(context),
    gradeRefusal('wrong-signature', 'a delivery with a wrong signature is refused (4xx)', context),
    gradeRefusal('changed-body', 'a delivery whose body was changed after signing is refused (4xx)', context),
    gradeRefusal('no-signature', 'a delivery without a signature is refused (4xx)', context),
    gradeHmac(context),
    gradeDuplicate(context),
    gradeNoSecondWrite(context),
    gradeAnswered('out-of-order', 'deliveries out of order are answered 2xx', ok, context),
    gradeAnswered('unknown-topic', 'an unknown topic is answered without a 5xx', noServerError, context),
    gradeAnswered(
      'extra-fields',
      'a payload with extra fields is answered without a 5xx',
      noServerError,
      context,
    ),
    gradeFate(context),
  ];
}
