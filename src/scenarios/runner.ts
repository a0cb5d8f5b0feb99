/**
 * Runs a scenario's timeline against an emulator over HTTP, as a client would: each step is one
 * request (API or control), then its expectations are checked and its `save` values kept. Every
 * step runs even after a failure (a step that needs a value an earlier one failed to save fails
 * with that reason), so one run reports everything that is wrong.
 */
import { headerNames } from '../http/headers.js';
import { interpolate, needsClock, readPath, type ClockReading } from '../fixtures/interpolation.js';
import { mismatches, topicChecks } from './matchers.js';
import type { Scenario } from './scenario.js';
import type { Expectation, Step } from './scenario.schema.js';

/** The emulator and store a timeline runs against. */
export interface RunTarget {
  readonly baseUrl: string;
  /** Access token of the scenario's store. */
  readonly token: string;
  readonly storeId: number;
  readonly adminToken?: string;
  readonly headerPrefix?: string;
  /** Aborted when whoever asked for the run has gone: the run stops before its next step. */
  readonly signal?: AbortSignal;
}

export interface CheckReport {
  readonly label: string;
  readonly passed: boolean;
  /** What differed, when it failed. */
  readonly problems: readonly string[];
}

export interface StepReport {
  /** 1-based. */
  readonly index: number;
  readonly name: string;
  /** Line of the step in the scenario file. */
  readonly line?: number;
  /** `POST /customers`, or absent for a step that only checks. */
  readonly request?: string;
  readonly status?: number;
  readonly passed: boolean;
  readonly durationMs: number;
  readonly checks: readonly CheckReport[];
  /** Why the step could not run (an unknown `${name}`, a refused connection). */
  readonly error?: string;
}

export interface ScenarioReport {
  readonly name: string;
  readonly description: string;
  readonly passed: boolean;
  readonly steps: readonly StepReport[];
  readonly durationMs: number;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

const ADVANCE_UNITS = { s: 'seconds', min: 'minutes', h: 'hours', d: 'days', w: 'days' } as const;

/** `"30d"` → `{days: 30}`, `"2w"` → `{days: 14}`, `"next_job"` → `{until: "next_job"}`. */
export function advanceBody(advance: NonNullable<Step['advance']>): Record<string, unknown> {
  if (typeof advance !== 'string') return advance;
  if (advance === 'next_job') return { until: 'next_job' };
  const match = /^(\d+(?:\.\d+)?)\s*(s|min|h|d|w)$/.exec(advance);
  const amount = Number(match?.[1] ?? 0);
  const unit = (match?.[2] ?? 'd') as keyof typeof ADVANCE_UNITS;
  return { [ADVANCE_UNITS[unit]]: unit === 'w' ? amount * 7 : amount };
}

/** A short name for a step in reports. */
export function describeStep(step: Step): string {
  if (step.name) return step.name;
  if (step.api) return step.api;
  if (step.control) return `control ${step.control}`;
  if (step.advance !== undefined)
    return `advance ${typeof step.advance === 'string' ? step.advance : JSON.stringify(step.advance)}`;
  return 'check';
}

class TimelineRun {
  private readonly variables = new Map<string, unknown>();
  private readonly headers;
  private timezone: string | undefined;

  constructor(private readonly target: RunTarget) {
    this.headers = headerNames(target.headerPrefix);
  }

  private async send(
    method: string,
    url: string,
    options: { body?: unknown; version?: string; token?: string | null; control?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? this.target.token : options.token;
    if (token !== null) headers[this.headers.accessToken] = token;
    if (options.version) headers[this.headers.version] = options.version;
    if (options.control && this.target.adminToken) headers.Authorization = `Bearer ${this.target.adminToken}`;
    let payload: string | undefined;
    if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(`${this.target.baseUrl.replace(/\/$/, '')}${url}`, {
      method,
      headers,
      body: payload,
      signal: this.target.signal,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: Object.fromEntries(response.headers), body };
  }

  private async control(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.send(method, `/_emulator${path}`, { body, control: true });
  }

  private async clock(): Promise<ClockReading> {
    const clock = await this.control('GET', '/clock');
    if (this.timezone === undefined) {
      const store = await this.control('GET', `/stores/${this.target.storeId}`);
      this.timezone = String(readPath(store.body, 'store.settings.timezone') ?? 'UTC');
    }
    return { now: Date.parse(String(readPath(clock.body, 'now'))), timezone: this.timezone };
  }

  /** The newest event id, to tell which events a step recorded. */
  private async eventMark(): Promise<number> {
    const answer = await this.send('GET', '/events?limit=1', { version: '2021-11' });
    return Number(readPath(answer.body, 'events.0.id') ?? 0);
  }

  private async eventsSince(mark: number): Promise<string[]> {
    const topics: string[] = [];
    let url: string | null = '/events?limit=250';
    while (url) {
      const answer: Answer = await this.send('GET', url, { version: '2021-11' });
      const events = (readPath(answer.body, 'events') ?? []) as {
        id: number;
        object_type: string;
        verb: string;
      }[];
      let older = false;
      for (const event of events) {
        if (event.id <= mark) {
          older = true;
          break;
        }
        topics.push(`${event.object_type}/${event.verb}`);
      }
      const cursor = readPath(answer.body, 'next_cursor');
      url =
        !older && typeof cursor === 'string' && cursor
          ? `/events?limit=250&cursor=${encodeURIComponent(cursor)}`
          : null;
    }
    return topics.reverse();
  }

  private async deliveryMark(): Promise<number> {
    const answer = await this.control('GET', '/webhooks/deliveries?limit=1');
    return Number(readPath(answer.body, 'deliveries.0.id') ?? 0);
  }

  private async deliveriesSince(mark: number): Promise<string[]> {
    await this.control('POST', '/webhooks/flush', {});
    const answer = await this.control('GET', '/webhooks/deliveries?limit=1000');
    const deliveries = (readPath(answer.body, 'deliveries') ?? []) as { id: number; topic: string }[];
    return deliveries
      .filter((delivery) => delivery.id > mark)
      .reverse()
      .map((delivery) => delivery.topic);
  }

  /** Records a 2021-11 list finds (`charges?status=error`), page by page. */
  private async count(list: string): Promise<number> {
    const [path = '', query = ''] = list.replace(/^\//, '').split('?', 2);
    const params = new URLSearchParams(query);
    params.set('limit', '250');
    let url: string | null = `/${path}?${params.toString()}`;
    let total = 0;
    while (url) {
      const answer: Answer = await this.send('GET', url, { version: '2021-11' });
      if (answer.status !== 200)
        throw new Error(`GET /${list} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const records = Object.values(answer.body as Record<string, unknown>).find(Array.isArray) as
        unknown[] | undefined;
      total += records?.length ?? 0;
      const cursor = readPath(answer.body, 'next_cursor');
      url =
        typeof cursor === 'string' && cursor
          ? `/${path}?limit=250&cursor=${encodeURIComponent(cursor)}`
          : null;
    }
    return total;
  }

  private async request(step: Step): Promise<{ line: string; answer: Answer } | undefined> {
    if (step.advance !== undefined) {
      return {
        line: 'POST /_emulator/clock/advance',
        answer: await this.control('POST', '/clock/advance', advanceBody(step.advance)),
      };
    }
    const line = step.api ?? step.control;
    if (line === undefined) return undefined;
    const [method = 'GET', rawPath = '/'] = line.split(/\s+/, 2);
    let path = rawPath;
    if (step.query) {
      const params = new URLSearchParams(
        Object.entries(step.query).map(([k, v]) => [k, String(v)] as [string, string]),
      );
      path += `${path.includes('?') ? '&' : '?'}${params.toString()}`;
    }
    const body = step.body ?? (['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);
    if (step.control !== undefined) {
      const controlPath = path.startsWith('/_emulator') ? path.slice('/_emulator'.length) : path;
      return {
        line: `${method} /_emulator${controlPath}`,
        answer: await this.control(method, controlPath, body),
      };
    }
    return {
      line: `${method} ${path}`,
      answer: await this.send(method, path, { body, version: step.version, token: step.token }),
    };
  }

  private check(label: string, problems: string[]): CheckReport {
    return { label, passed: problems.length === 0, problems };
  }

  async step(raw: Step, index: number, line?: number): Promise<StepReport> {
    const started = performance.now();
    const name = describeStep(raw);
    const checks: CheckReport[] = [];
    let request: string | undefined;
    let status: number | undefined;
    const done = (error?: string): StepReport => ({
      index,
      name,
      line,
      request,
      status,
      passed: !error && checks.every((check) => check.passed),
      durationMs: Math.round(performance.now() - started),
      checks,
      error,
    });
    try {
      const clock = needsClock(raw) ? await this.clock() : undefined;
      const step = interpolate(raw, this.variables, clock) as Step;
      const expect: Expectation = step.expect ?? {};
      const eventMark = expect.events ? await this.eventMark() : 0;
      const deliveryMark = expect.deliveries ? await this.deliveryMark() : 0;
      const sent = await this.request(step);
      if (sent) {
        request = sent.line;
        status = sent.answer.status;
        const wanted = expect.status === undefined ? undefined : [expect.status].flat();
        checks.push(
          this.check(
            wanted ? `status ${wanted.join(' or ')}` : 'status 2xx',
            (wanted ? wanted.includes(status) : status >= 200 && status < 300)
              ? []
              : [`got ${status}: ${JSON.stringify(sent.answer.body).slice(0, 300)}`],
          ),
        );
        for (const [path, expected] of Object.entries(expect.body ?? {}))
          checks.push(
            this.check(
              `body ${path} ${JSON.stringify(expected)}`,
              mismatches(readPath(sent.answer.body, path), expected, path),
            ),
          );
      }
      if (expect.events) {
        const topics = await this.eventsSince(eventMark);
        for (const { label, problems } of topicChecks('events', topics, expect.events))
          checks.push(this.check(label, problems));
      }
      if (expect.deliveries) {
        const topics = await this.deliveriesSince(deliveryMark);
        for (const { label, problems } of topicChecks('deliveries', topics, expect.deliveries))
          checks.push(this.check(label, problems));
      }
      for (const [list, expected] of Object.entries(expect.counts ?? {}))
        checks.push(
          this.check(
            `count ${list} ${JSON.stringify(expected)}`,
            mismatches(await this.count(list), expected, `${list} count`),
          ),
        );
      for (const [variable, path] of Object.entries(step.save ?? {})) {
        const value = sent ? readPath(sent.answer, path) : undefined;
        if (value === undefined) checks.push(this.check(`save ${variable}`, [`the answer has no ${path}`]));
        else this.variables.set(variable, value);
      }
      return done();
    } catch (error) {
      return done((error as Error).message);
    }
  }
}

/**
 * Runs `scenario`'s timeline against `target` (a store seeded from it), reporting each step as it
 * ends through `onStep`.
 *
 * @example
 * const report = await runTimeline(scenario, { baseUrl: emulator.url, token: emulator.token, storeId: emulator.storeId });
 * process.exitCode = report.passed ? 0 : 1;
 */
export async function runTimeline(
  scenario: Scenario,
  target: RunTarget,
  onStep?: (report: StepReport) => void,
): Promise<ScenarioReport> {
  const started = performance.now();
  const run = new TimelineRun(target);
  const steps: StepReport[] = [];
  for (const [i, step] of scenario.timeline.entries()) {
    if (target.signal?.aborted) break;
    const report = await run.step(step, i + 1, scenario.source?.locate(['timeline', i])?.line);
    steps.push(report);
    onStep?.(report);
  }
  return {
    name: scenario.name,
    description: scenario.description,
    passed: steps.every((step) => step.passed),
    steps,
    durationMs: Math.round(performance.now() - started),
  };
}
