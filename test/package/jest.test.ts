/**
 * Jest loads the package with require(): docs/in-process.md's Jest example runs under the real
 * Jest (a devDependency), with its default configuration, in a project where billing-emulator is
 * installed as npm installs it (package.json and its built dist/ under node_modules), so
 * `require('billing-emulator')` goes through the package's `exports` to the CommonJS build.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { blocksOf, ROOT } from '../helpers/doc-blocks.js';

const run = promisify(execFile);
const JEST = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');

const example = blocksOf('docs/in-process.md').find((block) => block.marker.includes('runs under Jest'));
const project = mkdtempSync(join(tmpdir(), 'billing-emulator-jest-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('Jest', () => {
  it('runs the Jest example of docs/in-process.md, which requires the package', async () => {
    expect(example?.lang).toBe('js');
    const installed = join(project, 'node_modules', 'billing-emulator');
    mkdirSync(join(installed, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(installed, 'package.json'));
    cpSync(join(ROOT, 'dist', 'cjs'), join(installed, 'dist', 'cjs'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'jest-consumer', private: true }));
    mkdirSync(join(project, 'test'));
    writeFileSync(join(project, 'test', 'billing.test.js'), example?.code ?? '');
    const report = join(project, 'report.json');
    const result = await run(process.execPath, [JEST, '--ci', '--json', `--outputFile=${report}`], {
      cwd: project,
    }).then(
      (done) => ({ code: 0, output: `${done.stdout}${done.stderr}` }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(result.code, result.output).toBe(0);
    const summary = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numTotalTests: number;
    };
    const tests = (example?.code.match(/^test\(/gm) ?? []).length;
    expect(tests).toBeGreaterThan(0);
    expect(summary).toMatchObject({ numPassedTests: tests, numFailedTests: 0, numTotalTests: tests });
  }, 120_000);
});
