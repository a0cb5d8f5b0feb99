/**
 * Carries out the fault chosen for an API request, on the wire. Before the service acts (the
 * default) the request never reaches its handler, so the store is unchanged; with
 * `after: "commit"` the handler runs first (the store changes, events are recorded) and only
 * then is the response replaced, delayed, reset or cut short: the case that breaks naive retries.
 */
import type { Context } from 'koa';
import type { AppState } from './state.js';
import type { ApiError } from '../errors/api-error.js';
import { answersInstead, applyAction, type FaultEffects } from '../platform/faults/fault-actions.js';
import type { SelectedFault } from '../platform/faults/fault-rules.js';
import type { JournalEntry } from '../platform/journal/journal.js';
import { readJsonObject } from './body.js';
import type { HeaderNames } from './headers.js';
import { JSON_TYPE, setBody } from './answer-body.js';
import { recordCutResponse, responseText } from './journal.step.js';

export interface FaultEnvironment {
  readonly headers: HeaderNames;
  readonly bucketSize: number;
  readonly entry: JournalEntry | undefined;
}

/** What a truncated answer declares before the service acted (only its first bytes are sent). */
const CUT_SHORT_BODY = JSON.stringify({
  error: 'The connection closed before the response body ended (an emulated fault).',
});

class KoaFaultEffects implements FaultEffects {
  readonly headers: FaultEffects['headers'];
  readonly bucketSize: number;

  constructor(
    private readonly ctx: Context,
    readonly committed: boolean,
    private readonly env: FaultEnvironment,
  ) {
    this.headers = env.headers;
    this.bucketSize = env.bucketSize;
  }

  answer(error: ApiError): void {
    this.ctx.status = error.status;
    this.ctx.set(error.headers);
    setBody(this.ctx, error.body);
  }

  delay(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  reset(): void {
    const { ctx } = this;
    recordCutResponse(this.env.entry, null, this.committed ? responseText(ctx) : null);
    ctx.respond = false;
    ctx.req.socket.resetAndDestroy();
  }

  truncate(status: number | undefined, bytes: number | undefined): void {
    const { ctx } = this;
    let text = (this.committed ? responseText(ctx) : null) ?? CUT_SHORT_BODY;
    let code = status ?? (this.committed ? ctx.status : 200);
    // A status that carries no body cannot have one cut short: the declared body needs a 200.
    if (code === 204 || code === 304) {
      code = 200;
      text = CUT_SHORT_BODY;
    }
    const payload = Buffer.from(text);
    const sent = Math.max(0, Math.min(bytes ?? Math.floor(payload.length / 2), payload.length - 1));
    recordCutResponse(this.env.entry, code, text);
    ctx.respond = false;
    const res = ctx.res;
    res.writeHead(code, {
      'Content-Type': JSON_TYPE,
      'Content-Length': payload.length,
    });
    res.write(payload.subarray(0, sent), () => res.socket?.destroy());
  }
}

/** Reads the body of a request a fault answers, so the journal shows what was sent. */
async function readBodyQuietly(ctx: Context & { state: AppState }): Promise<void> {
  if (ctx.method !== 'POST' && ctx.method !== 'PUT' && ctx.method !== 'DELETE') return;
  try {
    await readJsonObject(ctx);
  } catch {
    // The fault answers anyway; an unreadable body is simply not recorded.
  }
}

/**
 * Serves a request under `fault`; `serve` runs the request as if there were none and never rejects.
 *
 * @example
 * await runFault(ctx, fault, () => settle(ctx, serve), { headers, bucketSize: 40, entry });
 */
export async function runFault(
  ctx: Context & { state: AppState },
  fault: SelectedFault,
  serve: () => Promise<void>,
  env: FaultEnvironment,
): Promise<void> {
  const effects = new KoaFaultEffects(ctx, fault.afterCommit, env);
  if (fault.afterCommit) {
    await serve();
    await applyAction(fault.action, effects, fault.random);
    return;
  }
  if (answersInstead(fault.action)) {
    await readBodyQuietly(ctx);
    await applyAction(fault.action, effects, fault.random);
    return;
  }
  await applyAction(fault.action, effects, fault.random);
  await serve();
}
