/**
 * Runs a page's shell examples as a reader would, against an emulator of the page's own (the built
 * CLI). What is changed before a block runs, and why:
 * - `npm start -- <args>`, `npx billing-emulator <args>` and `billing-emulator start <args>` start
 *   the page's emulator with those arguments (the tests use the built CLI, with `--port 0`), instead
 *   of holding the shell; until a page starts one, it gets `start --token test-token`, as the guides
 *   say they assume;
 * - `localhost:4010` (and `127.0.0.1:4010`) become that emulator's address: tests never bind fixed
 *   ports.
 * Each block runs in bash with `set -e -o pipefail` in a scratch directory; variables and functions
 * carry over to the page's next block. Every curl answer's status is noted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, startCli, type RunningCli } from './cli.js';

export interface ShellResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** HTTP statuses of the curl calls, in order. */
  readonly statuses: readonly number[];
}

/** A block still running after this long is stopped (and fails). */
const BLOCK_TIME_LIMIT_MS = 90_000;

const START = /^\s*(?:npm start --|npm start|npx billing-emulator start|billing-emulator start)\b(.*)$/;

/**
 * Splits a block into the emulator start lines it holds and the rest of its text. A start line may
 * send the emulator to the background with its output in a file (`... > emulator.log 2>&1 &`).
 */
export function splitStarts(code: string): { starts: string[][]; rest: string } {
  const starts: string[][] = [];
  const rest = code
    .split('\n')
    .filter((line) => {
      const match = START.exec(line.replace(/\s+#.*$/, ''));
      if (!match) return true;
      // A start sent to the background (`> emulator.log 2>&1 &`): its arguments end where the redirections begin.
      const words = (match[1] ?? '').trim().split(/\s+/).filter(Boolean);
      const end = words.findIndex((word) => word === '&' || /^\d?[<>]/.test(word));
      starts.push(end === -1 ? words : words.slice(0, end));
      return false;
    })
    .join('\n');
  return { starts, rest };
}

/** A shell session for one page: its emulator, its scratch directory and the state between blocks. */
export class DocShell {
  private emulator: RunningCli | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), 'billing-emulator-docs-'));
  private readonly state = join(this.dir, '.state.sh');
  private readonly bin = join(this.dir, '.bin');

  constructor() {
    mkdirSync(this.bin);
    writeFileSync(
      join(this.bin, 'billing-emulator'),
      `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`,
      {
        mode: 0o755,
      },
    );
    writeFileSync(this.state, '');
  }

  /** The page's emulator, started with `args` (replacing the one before). */
  async start(args: string[]): Promise<RunningCli> {
    await this.emulator?.stop();
    this.emulator = await startCli(args);
    return this.emulator;
  }

  /** Runs one block's text; starts an emulator first when the block or the page has not yet. */
  async run(code: string): Promise<ShellResult> {
    const { starts, rest } = splitStarts(code);
    for (const args of starts) await this.start(args);
    this.emulator ??= await startCli(['--token', 'test-token']);
    const address = new URL(this.emulator.url).host;
    const script = rest.replace(/(localhost|127\.0\.0\.1):4010\b/g, address);
    if (script.trim() === '') return { code: 0, stdout: '', stderr: '', statuses: [] };
    return this.bash(script);
  }

  private bash(script: string): Promise<ShellResult> {
    const prelude = [
      'set -a',
      `. '${this.state}'`,
      `PATH='${this.bin}':"$PATH"`,
      // Every answer's status goes to stderr, where the test reads it (the reader's output is untouched).
      'curl() { command curl -w \'%{stderr}\\n@@status %{http_code}\\n\' "$@"; }',
      'set -e -o pipefail',
    ].join('\n');
    const epilogue = `\n{ export -p; declare -f; } > '${this.state}'\n`;
    const child = spawn('bash', ['-c', `${prelude}\n${script}\n${epilogue}`], {
      cwd: this.dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const endGroup = () => {
      // Whatever the block left running in the background ends with it (and lets its output close).
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group is gone already
      }
    };
    const limit = setTimeout(endGroup, BLOCK_TIME_LIMIT_MS);
    child.on('exit', endGroup);
    return new Promise((resolve) => {
      child.on('close', (code) => {
        clearTimeout(limit);
        const statuses = [...stderr.matchAll(/@@status (\d+)/g)].map((match) => Number(match[1]));
        resolve({ code, stdout, stderr: stderr.replace(/\n?@@status \d+\n/g, ''), statuses });
      });
    });
  }

  async close(): Promise<void> {
    await this.emulator?.stop();
    this.emulator = undefined;
  }
}
