/**
 * docs/clone.md stays true to the code: its test example is test/examples/clone-store.test.ts as it
 * runs, its option table is `clone --help`, its commands use options that exist, and the lists it
 * names are the lists the clone reads.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIST_NAMES } from '../../src/clone/lists.js';
import { CLI } from '../helpers/cli.js';

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

  it('keeps lines outside tables and code to 120 characters', () => {
    let code = false;
    for (const line of doc.split('\n')) {
      if (line.startsWith('```')) code = !code;
      if (!code && !line.startsWith('|')) expect(line.length, line).toBeLessThanOrEqual(120);
    }
  });
});
