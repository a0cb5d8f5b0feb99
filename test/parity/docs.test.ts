/**
 * docs/parity.md's examples are what the code takes and gives: its allow-list parses and allows what
 * it says, its JSON report has the keys of a real report, its command lines use real options.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { parseAllowList } from '../../src/parity/allow-list.js';
import { verifyRecording } from '../../src/parity/verify.js';
import { CLI } from '../helpers/cli.js';

const doc = readFileSync(new URL('../../docs/parity.md', import.meta.url), 'utf8');
const blocks = (language: string) =>
  [...doc.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] ?? '');

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0, logger: 'silent' });
});
afterAll(() => emulator.close());

describe('docs/parity.md', () => {
  it('shows an allow-list that parses and allows what it names', () => {
    const yaml = blocks('yaml').find((block) => block.includes('parity-allowed.yaml')) ?? '';
    const allow = parseAllowList(yaml);
    expect(allow.rules).toHaveLength(2);
    const subject = {
      endpoint: 'GET /customers/{id}',
      version: '2021-11',
      kind: 'extra',
      at: 'customer.tax_exempt',
    };
    expect(allow.reasonFor(subject)).toBe('our sandbox does not have tax exemption yet');
    expect(allow.reasonFor({ ...subject, at: 'customer.email' })).toBeUndefined();
    const analytics = {
      endpoint: 'GET /charges/{id}/x',
      version: '2021-01',
      kind: 'missing',
      at: 'charges[].analytics_data.utm_params',
    };
    expect(allow.reasonFor(analytics)).toMatch(/^analytics/);
    expect(allow.reasonFor({ ...analytics, version: '2021-11' })).toBeUndefined();
  });

  it('shows a JSON report with the keys a report has', async () => {
    const json = JSON.parse(blocks('json')[0] ?? '{}') as Record<string, Record<string, unknown>[]>;
    const store = await emulator.control.createStore({});
    const response = await fetch(`${emulator.url}/customers/1`, {
      headers: { 'X-Service-Access-Token': store.token },
    });
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: [
          {
            startedDateTime: '2025-01-15T12:00:00Z',
            request: { method: 'GET', url: `${emulator.url}/customers/1`, headers: [] },
            response: { status: 200, headers: [], content: { text: '{"customer":{"id":1}}' } },
          },
        ],
      },
    };
    expect(response.status).toBe(404);
    const report = await verifyRecording(JSON.stringify(har), { url: emulator.url });
    expect(Object.keys(json).sort()).toEqual(Object.keys(report).sort());
    expect(Object.keys(json.differences?.[0] ?? {}).sort()).toEqual(
      Object.keys(report.differences[0] ?? {}).sort(),
    );
    expect(Object.keys(json.exchanges?.[0] ?? {}).sort()).toEqual(
      Object.keys(report.exchanges[0] ?? {}).sort(),
    );
    expect(Object.keys(json.store ?? {}).sort()).toEqual(Object.keys(report.store).sort());
  });

  it.each(['record', 'verify'])('uses only real options of %s', (command) => {
    const help = execFileSync(process.execPath, [CLI, command, '--help'], { encoding: 'utf8' });
    const lines = doc.split('\n').filter((line) => line.includes(`billing-emulator ${command} `));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      for (const [option] of line.matchAll(/--[a-z-]+/g)) expect(help).toContain(option);
  });
});
