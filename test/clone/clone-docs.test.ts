/**
 * docs/clone.md stays true to the code: its shell examples run, in order, against an emulator that
 * plays the real service (its URL and token stand in for `https://api.example.com` and
 * `$SANDBOX_TOKEN`; `billing-emulator start` lines start the page's emulator on a free port, which
 * stands in for `127.0.0.1:4010`); its test example is test/examples/clone-store.test.ts as it runs,
 * its option table is `clone --help`, its commands use options that exist, and the lists and
 * fields it names are the ones the clone reads.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/index.js';
import { LIST_NAMES, VERSION_ONLY_FIELDS } from '../../src/clone/lists.js';
import { CLI, startCli, type RunningCli } from '../helpers/cli.js';
import { readAll, startRealService } from '../helpers/upstream.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const doc = read('../../docs/clone.md');
const helps = new Map<string, string[]>();
/** The options `command --help` lists (descriptions may wrap onto lines that start with an option's name). */
const optionsOf = (command: string): string[] => {
  const help = () => execFileSync(process.execPath, [CLI, command, '--help'], { encoding: 'utf8' });
  const options = helps.get(command) ?? [
    ...new Set([...help().matchAll(/^ {2}--([a-z][a-z-]*)/gm)].map((match) => match[1] ?? '')),
  ];
  helps.set(command, options);
  return options.filter((option) => option !== 'help' && option !== 'version');
};

/** The page's shell blocks, continuation lines joined. */
const shellBlocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) =>
  (match[1] ?? '').replace(/\\\n\s*/g, ''),
);

describe('docs/clone.md shell examples', () => {
  let real: Emulator | undefined;
  let emulator: RunningCli | undefined;
  afterAll(async () => {
    await emulator?.stop();
    await real?.close();
  });

  it('run in order against an emulator playing the real service', async () => {
    real = await startRealService();
    const service = { url: real.url, token: real.token, prefix: 'Recharge' };
    const [customer] = await readAll(service, '/customers', 'customers', '2021-11');
    const dir = await mkdtemp(join(tmpdir(), 'clone-docs-'));
    await writeFile(join(dir, 'billing-emulator'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, {
      mode: 0o755,
    });
    const stand = (line: string) =>
      line.replaceAll('https://api.example.com', real?.url ?? '').replaceAll('63185874', String(customer.id));
    expect(shellBlocks.length).toBeGreaterThan(3);
    for (const block of shellBlocks) {
      const lines = block.split('\n').filter((line) => line.trim() !== '');
      const starts = lines.filter((line) => line.startsWith('billing-emulator start '));
      for (const start of starts) {
        await emulator?.stop();
        const args = stand(start)
          .replace('billing-emulator start ', '')
          .replaceAll('"$SANDBOX_TOKEN"', real.token)
          .split(/\s+/);
        emulator = await startCli(args);
      }
      if (!emulator) throw new Error('the page starts its emulator before it uses one');
      const script = lines
        .filter((line) => !starts.includes(line))
        .map((line) => stand(line).replaceAll('127.0.0.1:4010', new URL(emulator?.url ?? '').host))
        .join('\n');
      // curl -f: an answer of 400 or above fails the block.
      const prelude = `set -e -o pipefail\ncurl() { command curl -sSf "$@"; }\n`;
      await promisify(execFile)('bash', ['-c', prelude + script], {
        cwd: dir,
        env: {
          ...process.env,
          PATH: `${dir}:${process.env.PATH ?? ''}`,
          SANDBOX_TOKEN: real.token,
          EMULATOR_TOKEN: emulator.token,
        },
      });
      // Each block leaves a copy of the 25 customers in a store of the page's emulator or in a file.
      const stores = (await (await fetch(new URL('/_emulator/stores', emulator.url))).json()) as {
        stores: { counts: { customers: number } }[];
      };
      const files = block.match(/--out (\S+)/g) ?? [];
      expect(files.length > 0 || stores.stores.some((store) => store.counts.customers === 25), block).toBe(
        true,
      );
    }
    const copy = { url: emulator?.url ?? '', token: emulator?.token ?? '', prefix: 'Recharge' };
    // The last start cloned the store into its default store; the one-customer case holds one.
    expect(await readAll(copy, '/customers', 'customers', '2021-11')).toHaveLength(25);
    const caseFile = JSON.parse(await readFile(join(dir, 'case.json'), 'utf8')) as {
      store: { collections: { customers: { id: number }[] } };
    };
    expect(caseFile.store.collections.customers.map((c) => c.id)).toEqual([customer.id]);
  }, 120_000);
});

describe('docs/clone.md', () => {
  it('prints test/examples/clone-store.test.ts as it runs', () => {
    const example = read('../examples/clone-store.test.ts');
    const code = example
      .slice(example.search(/^import /m))
      .replace("'../../src/index.js'", "'billing-emulator'");
    const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks).toContain(code);
  });

  it('has a row for every option of clone, and no other', () => {
    const rows = [...doc.matchAll(/^\| `--([a-z-]+)`/gm)].map((match) => match[1]);
    expect([...rows].sort()).toEqual(optionsOf('clone').sort());
  });

  it('uses only options that exist in its commands', () => {
    const commands = [...doc.matchAll(/^billing-emulator (clone|start) ([\s\S]*?)(?<!\\)$/gm)];
    expect(commands.length).toBeGreaterThan(3);
    for (const [, command, rest] of commands) {
      const known = optionsOf(command ?? '');
      for (const [, option] of (rest ?? '').matchAll(/--([a-z-]+)/g))
        expect(known, command).toContain(option);
    }
  });

  it('names the lists --only takes', () => {
    const named = /The lists `--only` takes: ([^.]+)\./.exec(doc.replace(/\n/g, ' '))?.[1];
    expect(named?.split(', ').map((name) => name.replace(/`/g, ''))).toEqual(LIST_NAMES);
  });

  it('names, for each list, the versions read for fields the other lacks', () => {
    const table = doc.slice(doc.indexOf('| List '), doc.indexOf('\n\n', doc.indexOf('| List ')));
    const rows = table
      .split('\n')
      .slice(2)
      .map((row) => row.split('|').map((cell) => cell.trim()));
    const shown = Object.fromEntries(
      rows.map(([, list = '', in2021_01 = '', in2021_11 = '']) => [
        list,
        [in2021_01 !== '' && '2021-01', in2021_11 !== '' && '2021-11'].filter(Boolean),
      ]),
    );
    const code = Object.fromEntries(
      Object.entries(VERSION_ONLY_FIELDS).map(([list, byVersion]) => [
        list,
        Object.keys(byVersion ?? {}).sort(),
      ]),
    );
    expect(shown).toEqual(code);
  });

  it('keeps lines outside tables and code to 120 characters', () => {
    let code = false;
    for (const line of doc.split('\n')) {
      if (line.startsWith('```')) code = !code;
      if (!code && !line.startsWith('|')) expect(line.length, line).toBeLessThanOrEqual(120);
    }
  });
});
