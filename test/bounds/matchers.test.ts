/**
 * Scenario `$matches` patterns run on a linear-time engine: a pattern that backtracks
 * exponentially on RegExp answers at once, and one the engine cannot run (a backreference,
 * lookaround) is refused when the file is read, naming the pattern and why.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenarios/scenario.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const scenarioMatching = (pattern: string, name = 'a'.repeat(40) + '!') =>
  [
    'description: A first name checked by a pattern',
    'timeline:',
    `  - api: POST /customers`,
    `    body: {email: x@example.com, first_name: ${JSON.stringify(name)}, last_name: Doe}`,
    `    expect: {body: {customer.first_name: {$matches: ${JSON.stringify(pattern)}}}}`,
  ].join('\n');

describe('scenario $matches on a linear-time engine', () => {
  // Regression: ^(a+)+$ against 27 characters held the event loop 5 s (doubling per character).
  it('checks ^(a+)+$ against 40 characters and answers with a normal report', async () => {
    const s = await store();
    const reply = await s.api.post('/_emulator/scenarios/run', {
      text: scenarioMatching('^(a+)+$'),
      file_name: 'redos.yaml',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.report.passed).toBe(false);
    const checks = reply.body.report.steps[0].checks as { passed: boolean; problems?: string[] }[];
    expect(JSON.stringify(checks)).toContain('to match /^(a+)+$/');
  });

  it('still matches what it should (classes, anchors, (?i))', async () => {
    const s = await store();
    const reply = await s.api.post('/_emulator/scenarios/run', {
      text: scenarioMatching('^(?i)A+!$'),
      file_name: 'ok.yaml',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.report.passed).toBe(true);
  });

  it('refuses a backreference with 422 naming the pattern and why, and creates no store', async () => {
    const s = await store();
    const before = await s.api.get('/_emulator/stores');
    const reply = await s.api.post('/_emulator/scenarios/run', {
      text: scenarioMatching('^(a)\\1$'),
      file_name: 'backref.yaml',
    });
    expect(reply.status).toBe(422);
    const message = (reply.body as { errors: { text: string[] } }).errors.text[0];
    expect(message).toMatch(/^backref\.yaml:5:\d+ timeline\[0\]\.expect\.body\./);
    expect(message).toContain('Pattern /^(a)\\1$/ cannot be used');
    expect(message).toContain('backreferences and lookaround are not supported');
    expect((await s.api.get('/_emulator/stores')).body.stores).toHaveLength(before.body.stores.length);
  });

  it('refuses lookahead when the file is read (the CLI shows the same message)', () => {
    expect(() => parseScenario(scenarioMatching('^(?=a)a+'), 'look.yaml')).toThrow(
      /look\.yaml:5:\d+ .*Pattern \/\^\(\?=a\)a\+\/ cannot be used: .*lookaround/,
    );
  });
});
