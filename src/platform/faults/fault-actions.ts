/**
 * The table of fault actions (DESIGN convention 4, mockttp's step definitions): each type says
 * what it does in words and does it through `FaultEffects`, which the HTTP layer implements. No
 * Koa here: an action only asks for an answer, a delay, a reset or a cut-short body.
 */
import { ApiError } from '../../errors/api-error.js';
import { errors } from '../../errors/messages.js';
import type { Random } from '../random.js';
import type { FaultAction, FaultActionType } from './fault.types.js';

/** What a fault may do to the request it fires on. */
export interface FaultEffects {
  /** True when the request was served first (`after: "commit"`) and this replaces its response. */
  readonly committed: boolean;
  /** Name of the access-token header (401 bodies name it) and of the limit header (429). */
  readonly headers: { readonly accessToken: string; readonly limit: string };
  /** Size of the store's rate-limit bucket: a 429 says the bucket is full. */
  readonly bucketSize: number;
  /** Answers with the error's status, body and headers. */
  answer(error: ApiError): void;
  /** Resolves after `ms` without blocking other requests. */
  delay(ms: number): Promise<void>;
  /** Resets the connection; the client gets no response. */
  reset(): void;
  /** Sends the headers and the first `bytes` of the body, then closes the connection. */
  truncate(status: number | undefined, bytes: number | undefined): void;
}

export interface FaultKind<A extends FaultAction> {
  /** Whether it answers in the service's place (false: it only delays the real answer). */
  readonly answers: boolean;
  /** What it does, in a few words (rule descriptions and journal entries). */
  describe(action: A): string;
  apply(action: A, effects: FaultEffects, random: Random): void | Promise<void>;
}

type FaultKinds = { readonly [T in FaultActionType]: FaultKind<Extract<FaultAction, { type: T }>> };

/**
 * The service's answer for `status` (api-facts, "Error bodies"), or `body` when the rule gives one.
 *
 * @example
 * serviceAnswer(429, undefined, effects).body; // { warning: 'too many requests' }, with X-Service-Limit: 40/40
 * serviceAnswer(418, { error: 'teapot' }, effects).body; // { error: 'teapot' }
 */
export function serviceAnswer(
  status: number,
  body: Readonly<Record<string, unknown>> | undefined,
  effects: Pick<FaultEffects, 'headers' | 'bucketSize'>,
): ApiError {
  const full = { [effects.headers.limit]: `${effects.bucketSize}/${effects.bucketSize}` };
  if (body) return new ApiError(status, body, status === 429 ? full : {});
  switch (status) {
    case 429:
      return new ApiError(429, errors.tooManyRequests().body, full);
    case 409:
      return errors.conflict();
    case 500:
      return errors.internal();
    case 502:
      return errors.badGateway();
    case 503:
      return errors.serviceUnavailable();
    case 401:
      return errors.unauthorized(effects.headers.accessToken);
    case 403:
      return errors.forbidden('Insufficient permissions (scopes) for this object.');
    default:
      return status < 400 ? new ApiError(status, {}) : errors.status(status);
  }
}

export const faultKinds: FaultKinds = {
  status: {
    answers: true,
    describe: (action) => `answers ${action.status}${action.body ? ' with a custom body' : ''}`,
    apply: (action, effects) => effects.answer(serviceAnswer(action.status, action.body, effects)),
  },
  latency: {
    answers: false,
    describe: (action) =>
      action.ms !== undefined
        ? `adds ${action.ms} ms of latency`
        : `adds ${action.min_ms ?? 0}-${action.max_ms ?? 0} ms of latency`,
    apply: (action, effects, random) =>
      effects.delay(action.ms ?? random.int(action.min_ms ?? 0, action.max_ms ?? 0)),
  },
  reset: {
    answers: true,
    describe: () => 'resets the connection',
    apply: (_action, effects) => effects.reset(),
  },
  truncate: {
    answers: true,
    describe: (action) =>
      `closes the connection after ${action.bytes === undefined ? 'half' : `${action.bytes} bytes`} of the body`,
    apply: (action, effects) => effects.truncate(action.status, action.bytes),
  },
};

/**
 * What `action` does, in words.
 *
 * @example
 * describeAction({ type: 'latency', min_ms: 100, max_ms: 300 }); // 'adds 100-300 ms of latency'
 */
export function describeAction(action: FaultAction): string {
  return (faultKinds[action.type] as FaultKind<FaultAction>).describe(action);
}

/** Runs `action` through `effects`. */
export function applyAction(
  action: FaultAction,
  effects: FaultEffects,
  random: Random,
): void | Promise<void> {
  return (faultKinds[action.type] as FaultKind<FaultAction>).apply(action, effects, random);
}

/** Whether `action` answers in the service's place. */
export function answersInstead(action: FaultAction): boolean {
  return faultKinds[action.type].answers;
}
