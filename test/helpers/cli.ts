/** Runs the built CLI (`dist/cli/main.js`) as users do, and waits for its start banner. */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface RunningCli {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  readonly clientSecret: string;
  readonly output: () => string;
  /** Resolves once the output (stdout and stderr) matches `pattern`. */
  waitForOutput(pattern: RegExp): Promise<void>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `cli` (the built one unless told otherwise) with `start --port 0 ...args`. */
export async function startCli(
  args: string[],
  env: Record<string, string> = {},
  cli: string = CLI,
): Promise<RunningCli> {
  const child = spawn(process.execPath, [cli, 'start', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/header: /.test(out)) resolve();
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`CLI exited early:\n${out}`)));
  });
  const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(out)?.[1] ?? '';
  return {
    child,
    url: /listening on (\S+)/.exec(out)?.[1] ?? '',
    token: field('token'),
    clientSecret: field('client secret'),
    output: () => out,
    waitForOutput: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(out)) return;
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolve();
        };
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        void exited.then(() => reject(new Error(`CLI exited before printing ${pattern}:\n${out}`)));
        check();
      }),
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

const execFileAsync = promisify(execFile);

/** Runs the built CLI with `args` to its end: its exit code and output, failing or not. */
export async function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
