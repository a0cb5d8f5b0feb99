/**
 * Records API requests in the store's journal: an entry when a request arrives, its outcome when
 * it ends. The response is serialized here, once, and Koa sends that text (it would otherwise
 * serialize the object itself): the journal keeps the exact bytes sent at no extra cost.
 */
import type { Context } from 'koa';
import { monotonicMs } from '../platform/clock.js';
import {
  JOURNAL_BODY_LIMIT,
  JOURNAL_RESPONSE_LIMIT,
  omittedBody,
  type Journal,
  type JournalEntry,
} from '../platform/journal/journal.js';
import type { Authenticated } from '../store/registry.js';
import { answerText } from './answer-body.js';
import type { AppState } from './state.js';

type StateContext = Context & { state: AppState };

/**
 * Opens the journal entry of a request; undefined when the store's `journal_size` is 0.
 *
 * @example
 * const entry = beginEntry(ctx, auth);
 * await serve();
 * if (entry) finishEntry(auth.store.traffic.journal, entry, ctx);
 */
export function beginEntry(ctx: StateContext, auth: Authenticated): JournalEntry | undefined {
  const { store } = auth;
  const journal = store.traffic.journal;
  const size = store.settings.journal_size;
  if (size !== journal.limit) journal.resize(size);
  if (size === 0) return undefined;
  return journal.begin({
    atMs: store.clock.now(),
    startedMs: monotonicMs(),
    requestId: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    querystring: ctx.querystring,
    headers: ctx.req.headers,
    token: auth.token,
  });
}

/** The request body as parsed, a size note when too large to keep, or null when none was read. */
function requestBody(ctx: StateContext): unknown {
  const body = ctx.state.body;
  if (body === undefined) return null;
  return body.bytes > JOURNAL_BODY_LIMIT ? omittedBody(body.bytes, JOURNAL_BODY_LIMIT) : body.value;
}

/** The response text as kept: itself, or a size note (`bytes`: its UTF-8 size when known). */
function kept(text: string, bytes?: number): string {
  if (text.length <= JOURNAL_RESPONSE_LIMIT) return text;
  return omittedBody(bytes ?? Buffer.byteLength(text), JOURNAL_RESPONSE_LIMIT);
}

/**
 * The response as the text Koa will send, with its size when known (a JSON body `setBody` made,
 * or one set as a value, serialized now and handed to Koa as text), or null when there is no body.
 */
function responseAnswer(ctx: StateContext): { text: string; bytes?: number } | null {
  const answer = answerText(ctx);
  if (answer !== null) return answer;
  const body: unknown = ctx.body;
  if (body === null || body === undefined) return null;
  if (typeof body !== 'object' || Buffer.isBuffer(body) || 'pipe' in body) return null;
  const text = JSON.stringify(body);
  ctx.body = text;
  return { text };
}

/** The response as the text Koa will send (`responseAnswer`), or null when there is no body. */
export function responseText(ctx: StateContext): string | null {
  return responseAnswer(ctx)?.text ?? null;
}

/**
 * Completes the entry with the outcome (a fault that reset or cut the response has recorded it),
 * and counts it in `journal`'s byte budget.
 */
export function finishEntry(journal: Journal, entry: JournalEntry, ctx: StateContext): void {
  entry.durationMs = monotonicMs() - entry.startedMs;
  entry.body = requestBody(ctx);
  if (ctx.respond !== false) {
    entry.status = ctx.status;
    const answer = responseAnswer(ctx);
    entry.response = answer === null ? null : kept(answer.text, answer.bytes);
  }
  journal.finish(entry);
}

/** Records what a fault sent instead of a complete response (status null: none at all). */
export function recordCutResponse(
  entry: JournalEntry | undefined,
  status: number | null,
  text: string | null,
): void {
  if (!entry) return;
  entry.status = status;
  entry.response = text === null ? null : kept(text);
}
