/**
 * The clock's answer stays the same while its speed changes: a year of a small shop's billing gives,
 * record for record, the store (every collection, webhook deliveries included), the advance's answer
 * and the scheduled jobs of the build that recorded `__snapshots__/clock-identity.year.jsonl`. A
 * difference here is a change of behaviour, never noise: every input is fixed (seed, scenario,
 * clock). Re-record with `npx vitest run -u test/time/clock-identity` only when a change of behaviour
 * is intended, and say so in the commit.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Api, type Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator({ seed: 1 });

/** Webhooks on the topics a year of billing raises most, in both versions, kept in the outbox. */
const WEBHOOKS: ReadonlyArray<readonly [string, '2021-01' | '2021-11']> = [
  ['charge/paid', '2021-11'],
  ['charge/failed', '2021-11'],
  ['charge/upcoming', '2021-11'],
  ['order/created', '2021-11'],
  ['subscription/updated', '2021-11'],
  ['charge/paid', '2021-01'],
  ['order/processed', '2021-01'],
];

/**
 * One line per record, `<collection> <record JSON>`, so a difference reads as the records that
 * differ. A delivery's body is its length and digest: its signature header already binds the bytes.
 */
function lines(name: string, records: readonly Json[]): string[] {
  return records.map(
    (record) => `${name} ${JSON.stringify(name === 'deliveries' ? digestBody(record) : record)}`,
  );
}

function digestBody(delivery: Json): Json {
  const body = String(delivery.body);
  return {
    ...delivery,
    body: { bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') },
  };
}

describe('a year of billing', () => {
  it('leaves every record, event, job and webhook as the recorded build did', async () => {
    const created = await emulator().control.createStore({
      name: 'Identity shop',
      scenario: 'small-shop',
      settings: { webhooks: { mode: 'outbox' } },
    });
    const control = emulator().control.forStore(created.token);
    const api = new Api(emulator().url, created.token, '2021-11');
    for (const [topic, version] of WEBHOOKS) {
      const answer = await api.post('/webhooks', { address: 'http://localhost/hooks', topic }, { version });
      expect(answer.status, answer.text).toBeLessThan(300);
    }

    const advance = await control.advanceClock({ days: 365 });
    const { store } = (await control.snapshot()) as Json;
    const { collections, ...rest } = store;
    const dump = [
      `advance.now ${JSON.stringify(advance.now)}`,
      ...lines('advance.jobs', advance.jobs),
      ...lines('advance.events', advance.events),
      `store ${JSON.stringify(rest)}`,
      ...Object.keys(collections as Record<string, Json[]>)
        .sort()
        .flatMap((name) => lines(name, collections[name])),
    ];

    expect(advance.jobs.length).toBeGreaterThan(500);
    expect(collections.deliveries.length).toBeGreaterThan(500);
    await expect(`${dump.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/clock-identity.year.jsonl');
  });
});
