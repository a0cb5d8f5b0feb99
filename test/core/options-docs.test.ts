/**
 * Every `start` option can be given as a BILLING_EMULATOR_* variable (docker run -e): the README
 * names each, and each testcontainers option sets the variable of a real option.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTAINER_OPTIONS } from '../../src/testcontainers/options.js';
import { CLI } from '../helpers/cli.js';

const help = execFileSync(process.execPath, [CLI, 'start', '--help'], { encoding: 'utf8' });
const startOptions = [...help.matchAll(/^\s+--([a-z][a-z-]*)/gm)]
  .map((match) => match[1] ?? '')
  .filter((option) => option !== 'help' && option !== 'version');
const variableOf = (option: string) => `BILLING_EMULATOR_${option.toUpperCase().replace(/-/g, '_')}`;
const readme = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

describe('start options and their environment variables', () => {
  it('finds the options in --help', () => {
    expect(startOptions).toEqual(expect.arrayContaining(['port', 'host', 'token', 'data', 'api-version']));
  });

  it.each(startOptions)('docs/cli.md documents --%s with its variable', (option) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`--${option}\``));
    expect(row, `README row for --${option}`).toContain(`\`${variableOf(option)}\``);
  });

  it('each testcontainers option sets the variable of a start option', () => {
    const variables = startOptions.map(variableOf);
    for (const variable of Object.values(CONTAINER_OPTIONS)) expect(variables).toContain(variable);
  });
});
