/**
 * `verify`: replays a recording against a new emulator store and compares every answer with the
 * recorded one (src/parity/compare.ts), in the recording's order, with the store's clock moved to
 * each recorded answer's time first and ids paired as answers introduce them.
 */
import { monotonicMs } from '../platform/clock.js';
import { NOTHING_ALLOWED, type AllowList } from './allow-list.js';
import { compareAnswers, type Answer } from './compare.js';
import { readRecording } from './har.js';
import { IdMap } from './id-map.js';
import { planReplay, type PlannedExchange } from './plan.js';
import {
  summarizeEndpoints,
  type ExchangeResult,
  type ParityDifference,
  type ParityReport,
  type ShownAnswer,
} from './report.js';
import { seedReadRecords } from './seed.js';
import { openTarget, type TargetOptions } from './target.js';

export interface VerifyOptions extends TargetOptions {
  /** Differences that do not fail the check. */
  readonly allow?: AllowList;
  /** Told after each exchange is compared (the CLI's progress line). */
  readonly onExchange?: (result: ExchangeResult) => void;
  /** Told the replay's store and its token once it is made (the report holds no token). */
  readonly onStore?: (store: { readonly id: number; readonly token: string }) => void;
}

function shownBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function shown(answer: Answer): ShownAnswer {
  return { status: answer.status, body: shownBody(answer.body) };
}

/**
 * Replays the HAR text `recording` and reports every difference.
 *
 * @example
 * const report = await verifyRecording(readFileSync('session.har', 'utf8'), { allow: parseAllowList(yaml) });
 * report.passed; // true when every difference is allowed
 */
export async function verifyRecording(recording: string, options: VerifyOptions = {}): Promise<ParityReport> {
  const read = readRecording(recording);
  const plan = planReplay(read);
  const allow = options.allow ?? NOTHING_ALLOWED;
  const target = await openTarget(plan, options);
  options.onStore?.({ id: target.storeId, token: target.token });
  const ids = new IdMap();
  const differences: ParityDifference[] = [];
  const exchanges: ExchangeResult[] = [];
  try {
    const { seeded, unseeded } = await seedReadRecords(plan, target, ids);
    for (const exchange of plan.exchanges) {
      const started = monotonicMs();
      if (exchange.at !== null) await target.advanceTo(exchange.at);
      const answer = await target.send(exchange, ids);
      const recorded: Answer = {
        status: exchange.status,
        headers: exchange.responseHeaders,
        body: exchange.responseBody,
      };
      const found = compareAnswers(recorded, answer, { ids, headerPrefix: plan.headerPrefix }).map(
        (difference): ParityDifference => {
          const placed = place(exchange, difference);
          const reason = allow.reasonFor(placed);
          return reason === undefined ? placed : { ...placed, allowed: reason };
        },
      );
      differences.push(...found);
      const result: ExchangeResult = {
        entry: exchange.entry,
        method: exchange.method,
        path: exchange.url.pathname,
        endpoint: exchange.endpoint,
        version: exchange.version,
        identical: found.length === 0,
        differences: found.length,
        ms: Math.round(monotonicMs() - started),
        answers: found.length === 0 ? null : { recorded: shown(recorded), emulator: shown(answer) },
      };
      exchanges.push(result);
      options.onExchange?.(result);
    }
    const identical = exchanges.filter((exchange) => exchange.identical).length;
    return {
      recording: { creator: read.creator, entries: read.exchanges.length + read.unreadable.length },
      store: {
        id: target.storeId,
        header_prefix: plan.headerPrefix,
        platform_word: plan.platformWord,
        default_api_version: plan.defaultVersion,
        seeded,
        unseeded,
      },
      compared: exchanges.length,
      identical,
      score: exchanges.length === 0 ? 1 : identical / exchanges.length,
      passed: differences.every((difference) => difference.allowed !== undefined),
      differences,
      endpoints: summarizeEndpoints(exchanges),
      exchanges,
      skipped: plan.skipped,
    };
  } finally {
    await target.close();
  }
}

function place(
  exchange: PlannedExchange,
  difference: ReturnType<typeof compareAnswers>[number],
): ParityDifference {
  return {
    entry: exchange.entry,
    method: exchange.method,
    path: exchange.url.pathname,
    endpoint: exchange.endpoint,
    version: exchange.version,
    ...difference,
  };
}
