/**
 * The README's walkthrough, pasted as it is into bash and into zsh (the macOS default) against an
 * emulator started as the README starts it: the failure, the retry, the `charge/failed` webhook and
 * the payment after the card is updated must all be seen. Only the port changes (tests never bind
 * fixed ones): 4010 becomes the emulator's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from '../helpers/cli.js';
import { blocksOf } from '../helpers/doc-blocks.js';

const walkthrough = blocksOf('README.md').find((block) => block.marker === 'walkthrough');
const shells = ['bash', 'zsh'].map((shell) => ({
  shell,
  missing: spawnSync(shell, ['-c', 'true']).error !== undefined,
}));

function run(shell: string, script: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(shell, ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const limit = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(limit);
      resolve({ code, out });
    }),
  );
}

let emulator: RunningCli;
beforeAll(async () => {
  emulator = await startCli([]); // `npm start`: no options
});
afterAll(() => emulator.stop());

describe("the README's walkthrough", () => {
  it('is in the README, about twenty lines long', () => {
    expect(walkthrough?.lang).toBe('sh');
    expect(walkthrough?.code.trim().split('\n').length).toBeLessThanOrEqual(25);
  });

  // .ci/run installs zsh; on a machine without it, that case reports itself skipped.
  for (const { shell, missing } of shells)
    it.skipIf(missing)(
      `shows the failure, the retry, the webhook and the payment in ${shell}${missing ? ' (not installed)' : ''}`,
      async () => {
        const script = (walkthrough?.code ?? '').replace(/localhost:4010\b/g, new URL(emulator.url).host);
        const { code, out } = await run(shell, script);
        expect(code, out).toBe(0);
        const declined = out.match(/"outcome":"failed: CARD_DECLINED"/g) ?? [];
        expect(declined, out).toHaveLength(2); // the first try and the retry the next day
        expect(out).toContain('"status":"error"');
        expect(out).toContain('"error_type":"CARD_DECLINED"');
        expect(out).toContain('"charge_attempts":1');
        expect(out).toContain('"retry_date":"2025-01-17T00:00:00+00:00"');
        // Both charge/failed deliveries reached the inbox, signed with the store's secret.
        expect(out.match(/"topic":"charge\/failed"/g), out).toHaveLength(2);
        expect(out.match(/"valid":true/g), out).toHaveLength(2);
        expect(out).toMatch(/"outcome":"paid"\}\],"events":\["charge\/paid"/);
        // The dashboard lists the store by the name the walkthrough gave it, not "Store 2".
        const listed = (await (await fetch(`${emulator.url}/_emulator/stores`)).json()) as {
          stores: { name: string }[];
        };
        expect(listed.stores.map((store) => store.name)).toContain('Walkthrough');
      },
      90_000,
    );
});
