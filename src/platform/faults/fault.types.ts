/**
 * Fault rules as data (DESIGN convention 4): what a rule matches, what it does, when it fires.
 * These are the shapes of `POST /_emulator/faults` and of the typed control client.
 */
import type { ApiVersion } from '../../model/versions.js';

export type FaultMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

export interface FaultMatch {
  /** Any method when absent. */
  readonly method?: FaultMethod;
  /** A path pattern: `*` is one segment (`/customers/*`), a trailing `**` any number of them. */
  readonly path: string;
  /** Any API version when absent. */
  readonly version?: ApiVersion;
}

export type FaultAction =
  /** Answers `status` with the service's body for it, or with `body`. */
  | { readonly type: 'status'; readonly status: number; readonly body?: Readonly<Record<string, unknown>> }
  /** Waits `ms`, or a duration drawn from `[min_ms, max_ms]`, then serves the request. */
  | { readonly type: 'latency'; readonly ms?: number; readonly min_ms?: number; readonly max_ms?: number }
  /** Resets the connection without answering. */
  | { readonly type: 'reset' }
  /** Sends the headers and `bytes` of the body (default half), then closes the connection. */
  | { readonly type: 'truncate'; readonly status?: number; readonly bytes?: number };

export type FaultActionType = FaultAction['type'];

export type FaultWhen =
  | { readonly mode: 'always' }
  /** The next `n` matching requests. */
  | { readonly mode: 'next'; readonly n: number }
  /** Every matching request after the first `n` (at most `times` of them). */
  | { readonly mode: 'after'; readonly n: number; readonly times?: number }
  /** Each matching request with probability `p`, drawn from a generator seeded with `seed`. */
  | { readonly mode: 'probability'; readonly p: number; readonly seed?: number; readonly times?: number };

export interface FaultRuleInput {
  readonly match: FaultMatch;
  readonly action: FaultAction;
  /** Always when absent. */
  readonly when?: FaultWhen;
  /** `commit`: the request is served (the store changes), then its response is lost. */
  readonly after?: 'commit';
}

/** A rule as `GET /_emulator/faults` lists it. */
export interface FaultRuleView {
  readonly id: number;
  readonly match: FaultMatch;
  readonly action: FaultAction;
  /** As given; a probability rule shows the seed it uses. */
  readonly when: FaultWhen;
  readonly after: 'commit' | null;
  /** One sentence saying what the rule does. */
  readonly description: string;
  /** Matching requests seen. */
  readonly seen: number;
  /** Requests it answered. */
  readonly fired: number;
}

/** The fault a journal entry records: a rule's id, or `header` for `X-Emulator-Fault`. */
export interface FaultRecord {
  readonly id: number | 'header';
  readonly action: string;
  readonly after_commit: boolean;
}
