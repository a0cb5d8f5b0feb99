import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { httpDate } from './answer-headers.js';
import { guardRequest } from './guard.js';

/** The parts of a request the guard reads. */
const request = (host: string | undefined, method = 'GET', path = '/customers'): Context =>
  ({ req: { headers: host === undefined ? {} : { host } }, method, path }) as unknown as Context;

const refused = (guard: (ctx: Context) => void, ctx: Context): boolean => {
  try {
    guard(ctx);
    return false;
  } catch {
    return true;
  }
};

describe('the guard keeps its answer per Host value', () => {
  it('answers the same for a Host it has seen, and after more names than it keeps', () => {
    const guard = guardRequest({ allowedHosts: ['emu.example.com'], controlPrefix: '/_emulator' });
    const answers = () =>
      ['localhost:4010', 'emu.example.com', 'evil.example', '', undefined].map((host) =>
        refused(guard, request(host)),
      );
    const first = answers();
    expect(first).toEqual([false, false, true, true, true]);
    expect(answers()).toEqual(first);
    for (let i = 0; i < 200; i++) refused(guard, request(`name-${i}.example`));
    expect(answers()).toEqual(first);
  });

  it('still refuses a cross-site change to the control API from a known host', () => {
    const guard = guardRequest({ allowedHosts: [], controlPrefix: '/_emulator' });
    const ctx = request('localhost:4010', 'POST', '/_emulator/stores');
    (ctx.req.headers as Record<string, string>).origin = 'https://evil.example';
    expect(refused(guard, request('localhost:4010'))).toBe(false);
    expect(refused(guard, ctx)).toBe(true);
  });
});

describe('httpDate', () => {
  it('formats the second of any millisecond in it, as Date#toUTCString does', () => {
    const second = Date.UTC(2026, 10, 28, 20, 21, 14);
    for (const ms of [second, second + 999, second + 1000, second - 1, -1500, 0])
      expect(httpDate(ms)).toBe(new Date(ms).toUTCString());
  });
});
