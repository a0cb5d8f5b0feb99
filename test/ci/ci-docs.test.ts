/**
 * docs/ci.md: the plain shell block runs (test/docs/examples.test.ts runs it against an emulator
 * of its own); the GitLab job runs the same lines; the GitHub Actions workflow uses the Action the
 * package ships, with inputs and outputs it has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { blocksOf, ROOT } from '../helpers/doc-blocks.js';

const blocks = blocksOf('docs/ci.md');
const yamls = blocks
  .filter((block) => block.lang === 'yaml')
  .map((block) => parse(block.code) as Record<string, unknown>);
const shell = blocks.find((block) => block.lang === 'sh')?.code ?? '';

interface Step {
  readonly id?: string;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}

describe('docs/ci.md', () => {
  it('GitHub Actions: uses the Action the package ships, with its inputs and outputs', () => {
    const workflow = yamls.find((doc) => 'jobs' in doc) as { jobs: Record<string, { steps: Step[] }> };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const step = steps.find((candidate) => candidate.uses === './node_modules/billing-emulator');
    expect(step?.id).toBeDefined();
    const files = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    expect(files).toContain('action.yml');
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, unknown>;
      outputs: Record<string, unknown>;
    };
    for (const input of Object.keys(step?.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
    const used = steps
      .flatMap((candidate) => Object.values(candidate.env ?? {}))
      .flatMap((value) => [...value.matchAll(/\$\{\{ steps\.([\w-]+)\.outputs\.([\w-]+) \}\}/g)]);
    expect(used.length).toBeGreaterThanOrEqual(3);
    for (const [, id, output] of used) {
      expect(id).toBe(step?.id);
      expect(Object.keys(action.outputs)).toContain(output);
    }
  });

  it('GitLab CI: the job runs the lines of the plain shell, which the examples test runs', () => {
    const job = yamls
      .map((doc) => doc.test as { script?: string[] } | undefined)
      .find((found) => found?.script);
    const script = job?.script ?? [];
    const [start, wait] = shell.split('\n');
    expect(start).toMatch(/^npx billing-emulator start .*&$/);
    expect(wait).toMatch(/_emulator\/health$/);
    expect(script).toContain(start);
    expect(script).toContain(wait);
  });
});
