/**
 * Whether the client that sent a request is still waiting for its answer. Long work (a clock
 * advance, a scenario run) takes the signal and stops at its next step once the client has left,
 * instead of working on for no one.
 */
import type { ServerResponse } from 'node:http';

/**
 * A signal aborted when the connection of `response` closes before the answer was written.
 *
 * @example
 * const signal = abandonedSignal(ctx.res);
 * await store.scheduler.advanceTo(target, onError, { signal });
 */
export function abandonedSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  // 'close' also follows a written answer; only a close before the end means the client left.
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  return controller.signal;
}
