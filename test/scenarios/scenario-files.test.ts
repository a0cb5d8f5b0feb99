/** Hand-written scenario and fixture files: every problem names the file, the line and the field. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { DocumentError } from '../../src/fixtures/documents.js';
import { runHeadless } from '../../src/cli/headless.js';
import { parseScenario, readScenarioFile } from '../../src/scenarios/scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-scenarios-'));

function problemOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(DocumentError);
    return (error as DocumentError).message;
  }
  throw new Error('no problem reported');
}

async function asyncProblemOf(action: () => Promise<unknown>): Promise<string> {
  const error = await action().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return (error as DocumentError).message;
}

const CUSTOMER = `
    - email: ada@example.com
      first_name: Ada
      last_name: Lovelace
      addresses:
        - first_name: Ada
          last_name: Lovelace
          address1: 350 Fifth Avenue
          city: New York
          province: NY
          zip: '10118'
          country_code: US
          phone: ''
`;

describe('a broken scenario file', () => {
  it('names the line and the field of an unknown field', () => {
    const text = `description: Broken
timeline:
  - advance: 1d
  - api: GET /customers
    expct:
      status: 200
`;
    expect(problemOf(() => parseScenario(text, 'qa/broken.yaml'))).toBe(
      'qa/broken.yaml:5:5 timeline[1].expct: Unknown field expct.',
    );
  });

  it('names the line and the field of a value of the wrong form', () => {
    const text = `description: Broken
clock:
  now: 2025-01-15T12:00:00Z
timeline:
  - name: a month
    advance: 30 days
`;
    expect(problemOf(() => parseScenario(text, 'qa/broken.yaml'))).toMatch(
      /^qa\/broken\.yaml:6:14 timeline\[0\]\.advance: Write an amount and a unit/,
    );
  });

  it('names a missing required field where its parent starts', () => {
    expect(problemOf(() => parseScenario('timeline: []\n', 'qa/x.yaml'))).toMatch(
      /^qa\/x\.yaml:1:1 description: /,
    );
  });

  it('names the line and column of a YAML syntax error', () => {
    const text = 'description: Broken\ntimeline:\n  - api: GET /customers\n   expect: {status: 200\n';
    expect(problemOf(() => parseScenario(text, 'qa/syntax.yaml'))).toMatch(/^qa\/syntax\.yaml:\d+:\d+: /);
  });

  it('refuses an operator that does not exist, which would never match', () => {
    const text = `description: Broken
timeline:
  - api: GET /customers
    expect:
      body:
        customers: { $lenght: 2 }
`;
    expect(problemOf(() => parseScenario(text, 'qa/op.yaml'))).toMatch(
      /^qa\/op\.yaml:6:22 timeline\[0\]\.expect\.body\.customers\.\$lenght: Unknown operator \$lenght/,
    );
  });

  it('refuses a step with two requests', () => {
    const text = 'description: Broken\ntimeline:\n  - api: GET /customers\n    advance: 1d\n';
    expect(problemOf(() => parseScenario(text, 'qa/two.yaml'))).toBe(
      'qa/two.yaml:4:14 timeline[0].advance: A step makes one request: api and advance given.',
    );
  });
});

describe('a document that nests too deep (regression: the message was the stack running out)', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('names the limit for a YAML scenario, however deep', () => {
    for (const n of [100, 20_000]) {
      const text = `name: deep\ntimeline:\n  - call: {method: POST, path: /customers, body: {x: ${deep(n)}}}\n`;
      expect(problemOf(() => parseScenario(text, 'deep.yaml'))).toBe(
        'deep.yaml: Nests objects and arrays deeper than 80 levels.',
      );
    }
  });

  it('names the limit for a JSON fixture file', async () => {
    const file = join(dir, 'deep-fixture.json');
    writeFileSync(
      file,
      `{"kind":"billing-emulator/fixture","version":1,"customers":[{"email":"a@example.com","x":${deep(20_000)}}]}`,
    );
    expect(await asyncProblemOf(() => readScenarioFile(file))).toBe(
      `${file}: Nests objects and arrays deeper than 80 levels.`,
    );
  });

  it('answers 422 naming the limit when the text comes over HTTP', async () => {
    const emulator = await createEmulator({ port: 0, logger: 'silent' });
    try {
      const reply = await fetch(`${emulator.url}/_emulator/scenarios/run`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text: `name: deep\nsettings: ${deep(20_000)}\n`, file_name: 'deep.yaml' }),
      });
      expect(reply.status).toBe(422);
      expect(JSON.stringify(await reply.json())).toContain('deeper than 80 levels');
    } finally {
      await emulator.close();
    }
  });
});

describe('a fixture the API refuses', () => {
  it('names the file, the line, the record and the field', async () => {
    const file = join(dir, 'bad-zip.yaml');
    writeFileSync(
      file,
      `description: A customer whose address has no city
fixture:
  customers:${CUSTOMER.replace('          city: New York\n', '')}`,
    );
    const scenario = await readScenarioFile(file);
    const message = await asyncProblemOf(() =>
      createEmulator({ port: 0, logger: 'silent', scenario }).then((emulator) => emulator.close()),
    );
    expect(message).toMatch(
      new RegExp(
        `^${file.replace(/[.\\/]/g, '\\$&')}:\\d+:\\d+ fixture\\.customers\\[0\\]\\.addresses\\[0\\]`,
      ),
    );
    expect(message).toContain('address refused (422)');
  });

  it('names the file, the line and the field of a JSON fixture file', async () => {
    const fixture = join(dir, 'shop.json');
    writeFileSync(
      fixture,
      JSON.stringify(
        {
          customers: [
            { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
            { email: 'ada@example.com', first_name: 'Ada', last_name: 'Again' },
          ],
        },
        null,
        2,
      ),
    );
    const file = join(dir, 'uses-file.yaml');
    writeFileSync(file, 'description: Two customers with one email\nfixture: { file: shop.json }\n');
    const message = await asyncProblemOf(async () => {
      const emulator = await createEmulator({ port: 0, logger: 'silent', scenario: file });
      await emulator.close();
    });
    expect(message).toBe(
      `${fixture}:9:16 customers[1].email: customer refused (422): email already exists on store`,
    );
  });

  it('names the record of a fixture that does not fit the schema', async () => {
    const fixture = join(dir, 'nested.json');
    writeFileSync(
      fixture,
      '{\n  "customers": [\n    { "email": "a@example.com", "addresses": {} }\n  ]\n}\n',
    );
    const file = join(dir, 'nested.yaml');
    writeFileSync(file, 'description: Addresses not in a list\nfixture: { file: nested.json }\n');
    const message = await asyncProblemOf(async () => {
      const emulator = await createEmulator({ port: 0, logger: 'silent', scenario: file });
      await emulator.close();
    });
    expect(message).toMatch(
      new RegExp(`^${fixture.replace(/[.\\/]/g, '\\$&')}:3:46 customers\\[0\\]\\.addresses: `),
    );
  });
});

describe('a scenario whose expectation fails', () => {
  it('reports the step, the check and what differed, and runs the steps after it', async () => {
    const scenario = parseScenario(`description: One customer, expected to be two
fixture:
  customers:${CUSTOMER}
timeline:
  - api: GET /customers
    expect:
      body:
        customers: { $length: 2 }
        customers.0.email: ada@example.com
  - name: a value never saved
    api: GET /customers/\${nobody}
  - expect:
      counts: { customers: 1 }
`);
    const report = await runHeadless(scenario);
    expect(report.passed).toBe(false);
    expect(report.steps.map((step) => step.passed)).toEqual([false, false, true]);
    expect(report.steps[0]?.line).toBe(18);
    expect(report.steps[0]?.checks).toEqual([
      { label: 'status 2xx', passed: true, problems: [] },
      {
        label: 'body customers {"$length":2}',
        passed: false,
        problems: ['customers length: expected 2, got 1'],
      },
      { label: 'body customers.0.email "ada@example.com"', passed: true, problems: [] },
    ]);
    expect(report.steps[1]?.error).toBe('${nobody}: no value named nobody was saved.');
  });
});
