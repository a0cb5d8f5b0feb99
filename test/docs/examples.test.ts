/**
 * Every example of the user documentation runs (README.md and docs/*.md, whoever wrote them):
 * shell blocks against an emulator of their page's own (test/helpers/doc-shell.ts says what is
 * adapted), TypeScript blocks as vitest test files and JavaScript blocks with node, both importing
 * the built package as `billing-emulator`; JSON and YAML blocks must parse, YAML scenarios must
 * pass the scenario schema, and one with a timeline must pass it (run headless). A block that cannot
 * run here says why in a marker above it (`<!-- example: skip: <why> -->`, see
 * test/helpers/doc-blocks.ts). Pages are checked too: no line over 120 characters outside tables, a
 * table of contents on long pages, links that lead somewhere.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runHeadless } from '../../src/cli/headless.js';
import { parseScenario } from '../../src/scenarios/scenario.js';
import {
  blocksOf,
  docPages,
  errorsExpected,
  ROOT,
  skipReason,
  where,
  type DocBlock,
} from '../helpers/doc-blocks.js';
import { DocShell } from '../helpers/doc-shell.js';

const execFileAsync = promisify(execFile);

const SHELL = new Set(['sh', 'bash', 'shell']);
const TS = new Set(['ts', 'typescript']);
const JS = new Set(['js', 'javascript', 'mjs']);
/** Output and listings: shown, not run. */
const SHOWN = new Set(['text', 'console', 'http', 'toml']);
const KNOWN = new Set([...SHELL, ...TS, ...JS, ...SHOWN, 'json', 'yaml', 'yml']);

/** Pages longer than this need a table of contents. */
const LONG_PAGE = 120;
const MAX_LINE = 120;

const pages = docPages();
const blocks = pages.flatMap(blocksOf);
const runnable = (block: DocBlock) => skipReason(block) === null;

/** Code blocks run by the vitest child and by node, written where `billing-emulator` resolves. */
const scratch = join(ROOT, 'dist', `.doc-examples-${process.pid}`);
const fileOf = (block: DocBlock, extension: string) =>
  join(scratch, `${block.file.replace(/[/.]/g, '_')}_${block.line}${extension}`);

describe('documentation pages', () => {
  it('README.md stays under 300 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThan(300);
  });

  describe.each(pages)('%s', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const lines = text.split('\n');

    it(`has no line over ${MAX_LINE} characters outside tables`, () => {
      const long = lines
        .map((line, i) => ({
          line: i + 1,
          length: [...line].length,
          table: line.trimStart().startsWith('|'),
        }))
        .filter((entry) => entry.length > MAX_LINE && !entry.table)
        .map((entry) => `${page}:${entry.line} (${entry.length})`);
      expect(long).toEqual([]);
    });

    it(`has a table of contents when longer than ${LONG_PAGE} lines`, () => {
      if (lines.length <= LONG_PAGE) return;
      // Before the first section, or as the first section, headed "Contents".
      const sections = lines.flatMap((line, i) => (line.startsWith('## ') ? [i] : []));
      const [first = lines.length, second = lines.length] = sections;
      const head = lines[first] === '## Contents' ? lines.slice(0, second) : lines.slice(0, first);
      const contents = head.filter((line) => /^\s*- \[.+\]\(#[^)]+\)/.test(line));
      expect(
        contents.length,
        `${page}: a list of links to its sections before the first one, or in a first section "Contents"`,
      ).toBeGreaterThan(1);
      const twice = contents.filter((line, i) => contents.indexOf(line) !== i);
      expect(twice, `${page}: contents entries listed twice`).toEqual([]);
    });

    it('links to pages and sections that exist', () => {
      const broken: string[] = [];
      const outside = text.replace(/^\s*```[\s\S]*?^\s*```/gm, '');
      for (const [, target = ''] of outside.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), path);
        if (!existsSync(file)) broken.push(target);
        else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
          broken.push(target);
      }
      expect(broken).toEqual([]);
    });
  });
});

/** GitHub's anchors of a page's headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading = ''] of markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, '').matchAll(/^#{1,6} (.+)$/gm))
    anchors.add(
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    );
  return anchors;
}

describe('documentation examples', () => {
  it('each block has a language the test knows, and each skip says why', () => {
    const problems = blocks
      .filter(
        (block) => !KNOWN.has(block.lang) || (block.marker.startsWith('example: skip') && !skipReason(block)),
      )
      .map((block) => `${where(block)} \`\`\`${block.lang}`);
    expect(problems).toEqual([]);
  });

  it.each(
    blocks.filter((block) => block.lang === 'json' && runnable(block)).map((b) => [where(b), b] as const),
  )('%s: JSON parses', (_, block) => {
    expect(() => JSON.parse(block.code)).not.toThrow();
  });

  it.each(
    blocks
      .filter((block) => (block.lang === 'yaml' || block.lang === 'yml') && runnable(block))
      .map((b) => [where(b), b] as const),
  )(
    '%s: YAML parses (a scenario passes its schema, and its timeline passes)',
    async (_, block) => {
      const doc = parseYaml(block.code) as Record<string, unknown> | null;
      if (!doc || typeof doc !== 'object' || !('timeline' in doc || 'fixture' in doc)) return;
      // Read as if it were a file beside its page, so a fixture path like ../fixtures/x.json resolves.
      const scenario = parseScenario(
        block.code,
        join(ROOT, dirname(block.file), `example-${block.line}.yaml`),
      );
      if (!('timeline' in doc)) return;
      const report = await runHeadless(scenario);
      const failed = report.steps.filter((step) => !step.passed).map((step) => JSON.stringify(step));
      expect(failed, where(block)).toEqual([]);
    },
    120_000,
  );

  describe.each(pages.filter((page) => blocksOf(page).some((b) => SHELL.has(b.lang) && runnable(b))))(
    'shell: %s',
    (page) => {
      const shell = new DocShell();
      afterAll(() => shell.close());
      it.each(
        blocksOf(page)
          .filter((b) => SHELL.has(b.lang) && runnable(b))
          .map((b) => [where(b), b] as const),
      )(
        '%s runs',
        async (_, block) => {
          const result = await shell.run(block.code);
          const detail = `${where(block)}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
          expect(result.code, detail).toBe(0);
          if (!errorsExpected(block))
            expect(
              result.statuses.filter((status) => status >= 400),
              `${detail}\n(mark the block "example: errors expected: <why>" when they are the point)`,
            ).toEqual([]);
        },
        120_000,
      );
    },
  );

  describe('TypeScript and JavaScript', () => {
    const ts = blocks.filter((block) => TS.has(block.lang) && runnable(block));
    const js = blocks.filter((block) => JS.has(block.lang) && runnable(block));
    let report:
      | {
          testResults: {
            name: string;
            status: string;
            message: string;
            assertionResults?: { failureMessages?: string[] }[];
          }[];
        }
      | undefined;
    let output = '';

    beforeAll(async () => {
      mkdirSync(scratch, { recursive: true });
      for (const block of ts) writeFileSync(fileOf(block, '.test.ts'), block.code);
      for (const block of js) writeFileSync(fileOf(block, '.mjs'), block.code);
      writeFileSync(
        join(scratch, 'vitest.config.mjs'),
        `export default {
  resolve: { alias: [
    { find: /^billing-emulator\\/testcontainers$/, replacement: ${JSON.stringify(join(ROOT, 'dist/testcontainers/index.js'))} },
    { find: /^billing-emulator$/, replacement: ${JSON.stringify(join(ROOT, 'dist/index.js'))} },
  ] },
  test: { include: ['*.test.ts'], testTimeout: 60000, hookTimeout: 60000 },
};
`,
      );
      if (ts.length === 0) return;
      const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
      const reportFile = join(scratch, 'report.json');
      try {
        const result = await execFileAsync(
          process.execPath,
          [
            vitest,
            'run',
            '--config',
            join(scratch, 'vitest.config.mjs'),
            '--root',
            scratch,
            '--reporter=json',
            `--outputFile=${reportFile}`,
          ],
          { cwd: scratch, maxBuffer: 32 * 1024 * 1024 },
        );
        output = `${result.stdout}${result.stderr}`;
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string };
        output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
      }
      if (existsSync(reportFile)) report = JSON.parse(readFileSync(reportFile, 'utf8')) as typeof report;
    }, 300_000);

    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it.each(ts.map((block) => [where(block), block] as const))(
      '%s passes as a vitest test file',
      (_, block) => {
        const result = report?.testResults.find((entry) => entry.name === fileOf(block, '.test.ts'));
        const failures = (result?.assertionResults ?? []).flatMap((test) => test.failureMessages ?? []);
        expect(result?.status, `${where(block)}\n${result?.message ?? output}\n${failures.join('\n')}`).toBe(
          'passed',
        );
      },
    );

    it.each(js.map((block) => [where(block), block] as const))(
      '%s runs with node',
      async (_, block) => {
        const run = await execFileAsync(process.execPath, [fileOf(block, '.mjs')], { cwd: scratch }).then(
          () => ({ code: 0, output: '' }),
          (error: { code?: number; stdout?: string; stderr?: string }) => ({
            code: error.code ?? 1,
            output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
          }),
        );
        expect(run.code, `${where(block)}\n${run.output}`).toBe(0);
      },
      120_000,
    );
  });
});
