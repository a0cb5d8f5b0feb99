/**
 * What `start` says when it cannot listen: Node's `listen EADDRINUSE: address already in use`
 * names neither the option nor the variable that choose another port.
 */
import { envVariable } from './options.js';

/**
 * The error to report for a failed start: a sentence naming `--port` and its variable when the
 * port is taken or not allowed, else the error itself.
 *
 * @example
 * listenFailure(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), 4010, '127.0.0.1').message;
 * // 'Port 4010 on 127.0.0.1 is already in use (another emulator?). Stop what holds it, or choose another port: --port 4011 or BILLING_EMULATOR_PORT=4011 (0 picks a free one).'
 */
export function listenFailure(error: unknown, port: number, host: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return error;
  const other = port === 65535 ? 4010 : port + 1;
  const why =
    code === 'EADDRINUSE'
      ? 'is already in use (another emulator?). Stop what holds it, or choose another port'
      : 'may not be used by this user (ports below 1024 need privileges). Choose another port';
  return new Error(
    `Port ${port} on ${host} ${why}: --port ${other} or ${envVariable('port')}=${other} (0 picks a free one).`,
  );
}
