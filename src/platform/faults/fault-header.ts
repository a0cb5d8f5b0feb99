/**
 * `X-Emulator-Fault`: a fault for tests that cannot reach the control API. The value is one step
 * or a comma list of steps, consumed in order across retries that carry the same `X-Request-Id`:
 *
 * - `503` (any status 200-599): the service's answer for that status
 * - `reset`: the connection is reset; `truncate`: the body is cut short
 * - `latency=<ms>`: the request is served after `ms`
 * - `ok`: no fault
 * - a `@commit` suffix (`reset@commit`): the request is served first, then its response is lost
 */
import { errors } from '../../errors/messages.js';
import { Random } from '../random.js';
import { describeAction } from './fault-actions.js';
import { MAX_LATENCY_MS } from './fault.schema.js';
import type { SelectedFault } from './fault-rules.js';
import type { FaultAction } from './fault.types.js';

export const FAULT_HEADER = 'X-Emulator-Fault';

/** One step of the header: a fault, or `null` for `ok`. */
export interface FaultStep {
  readonly action: FaultAction | null;
  readonly afterCommit: boolean;
}

function parseStep(raw: string, value: string): FaultStep {
  const [name = '', suffix, extra] = raw.trim().split('@');
  if (extra !== undefined || (suffix !== undefined && suffix !== 'commit'))
    throw errors.badFaultHeader(value, `"${raw.trim()}": the only suffix is @commit.`);
  const afterCommit = suffix === 'commit';
  const step = (action: FaultAction | null): FaultStep => ({ action, afterCommit });
  if (name === 'ok') return step(null);
  if (name === 'reset') return step({ type: 'reset' });
  if (name === 'truncate') return step({ type: 'truncate' });
  if (/^[2-5]\d\d$/.test(name)) return step({ type: 'status', status: Number(name) });
  const latency = /^latency=(\d{1,6})$/.exec(name);
  if (latency && Number(latency[1]) <= MAX_LATENCY_MS)
    return step({ type: 'latency', ms: Number(latency[1]) });
  throw errors.badFaultHeader(
    value,
    `"${name}" is not a status (200-599), reset, truncate, latency=<ms> (at most ${MAX_LATENCY_MS}) or ok.`,
  );
}

/**
 * The steps of a header value; a malformed value throws the 400 of the error catalogue.
 *
 * @example
 * parseFaultHeader('503,503,ok'); // [{ action: { type: 'status', status: 503 }, afterCommit: false }, ..., { action: null, ... }]
 * parseFaultHeader('reset@commit'); // [{ action: { type: 'reset' }, afterCommit: true }]
 */
export function parseFaultHeader(value: string): FaultStep[] {
  const items = value.split(',');
  if (items.length > 100) throw errors.badFaultHeader(value.slice(0, 50), 'at most 100 steps.');
  return items.map((item) => parseStep(item, value));
}

/** How many request ids a store remembers positions for; the oldest is forgotten first. */
export const REMEMBERED_REQUEST_IDS = 1_000;

const HEADER_RANDOM = new Random(0);

/** Per store: how far each request id has got through its header's list. */
export class HeaderFaultSequences {
  private readonly positions = new Map<string, number>();

  /**
   * The fault of this try of a request: the step at the request id's position (the first step
   * when the client sent no `X-Request-Id`), or undefined for `ok` and past the end of the list.
   */
  next(value: string, requestId: string | undefined): SelectedFault | undefined {
    const steps = parseFaultHeader(value);
    let position = 0;
    if (requestId !== undefined) {
      position = this.positions.get(requestId) ?? 0;
      this.positions.delete(requestId);
      this.positions.set(requestId, position + 1);
      if (this.positions.size > REMEMBERED_REQUEST_IDS) {
        const oldest = this.positions.keys().next().value;
        if (oldest !== undefined) this.positions.delete(oldest);
      }
    }
    const step = steps[position];
    if (!step?.action) return undefined;
    return {
      action: step.action,
      afterCommit: step.afterCommit,
      random: HEADER_RANDOM,
      record: { id: 'header', action: describeAction(step.action), after_commit: step.afterCommit },
    };
  }

  clear(): void {
    this.positions.clear();
  }
}
