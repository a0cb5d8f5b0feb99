/**
 * The emulator's logger: anything with pino's `error/warn/info(obj, msg)` methods. The default
 * one writes JSON lines to stderr with pino, loaded on the first message so start-up never pays
 * for it.
 */
import type { Level } from 'pino';

export type LogLevel = Level | 'silent';

export interface Logger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const ORDER: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** A pino logger to stderr at `level`, created when the first message at or above it comes. */
export function defaultLogger(level: LogLevel = 'warn'): Logger {
  const threshold = ORDER.indexOf(level);
  let pending: Promise<Logger> | undefined;
  const write = (at: 'error' | 'warn' | 'info') => (details: object, message: string) => {
    if (ORDER.indexOf(at) < threshold) return;
    pending ??= import('pino').then((mod) => {
      // In the esbuild bundle of the CLI, pino (CommonJS) arrives as `default` only.
      const pino = mod.pino ?? mod.default;
      return pino({ level }, pino.destination(2));
    });
    void pending.then((logger) => logger[at](details, message));
  };
  return { error: write('error'), warn: write('warn'), info: write('info') };
}
