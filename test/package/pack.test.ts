/**
 * The npm package as users get it: `npm pack`, install the tarball into an empty project, then run
 * the `billing-emulator` bin and import the library from it. Needs the npm registry (for the
 * package's dependencies); uses the `dist/` that `npm test` builds first.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli } from '../helpers/cli.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

let dir: string;
let project: string;
let files: string[];
let installOutput: string;

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'billing-emulator-pack-')));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: ROOT,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  if (!packed) throw new Error(`npm pack printed nothing: ${stdout}`);
  files = packed.files.map((file) => file.path);
  project = join(dir, 'project');
  await run('mkdir', [project]);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // @types/node only for the type check below; testcontainers stays out (an optional peer).
  const installed = await run(
    'npm',
    ['install', join(dir, packed.filename), '@types/node@20', '--no-audit', '--no-fund'],
    { cwd: project },
  );
  installOutput = `${installed.stdout}${installed.stderr}`;
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('ships the library (ESM and CommonJS), its declarations, the CLI bundle, the dashboard, the testcontainers module, the built-in scenarios and the guides only', () => {
    for (const file of [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/testcontainers/index.js',
      'dist/testcontainers/index.d.ts',
      'dist/cli/main.js',
      'dist/cli/cli.cjs',
      'dist/cjs/index.cjs',
      'dist/cjs/testcontainers.cjs',
      'llms.txt',
      'action.yml',
      'scripts/action/start.sh',
      'docs/agents.md',
      'docs/api-behaviour.md',
      'dist/ui/index.html',
      'dist/ui/app.js',
      'dist/ui/app.css',
      'scenarios/small-shop.yaml',
      'scenarios/dunning.yaml',
      'scenarios/scenario.schema.json',
      'fixtures/dunning.json',
      'fixtures/fixture.schema.json',
    ])
      expect(files).toContain(file);
    const unwanted = files.filter(
      (file) =>
        /^(src|test|bench|\.ci)\//.test(file) ||
        // The GitHub Action's script ships with action.yml (`uses: ./node_modules/billing-emulator`).
        (file.startsWith('scripts/') && file !== 'scripts/action/start.sh') ||
        // The guides ship (llms.txt links to them, the MCP server serves some); not the decisions or images.
        (file.startsWith('docs/') && !/^docs\/[a-z0-9-]+\.md$/.test(file)) ||
        /\.(map|tgz)$|\.test\./.test(file),
    );
    expect(unwanted).toEqual([]);
  });

  it('installs without an install-scripts warning (regression: the published package kept `prepare`)', () => {
    expect(installOutput).not.toMatch(/install-scripts|billing-emulator@[^ ]* \(prepare/);
  });

  it('runs `npx billing-emulator --help`', async () => {
    const { stdout } = await run('npx', ['billing-emulator', '--help'], { cwd: project });
    expect(stdout).toContain('billing-emulator start');
  });

  it('runs a built-in scenario, whose fixture file ships with it', async () => {
    const { stdout } = await run('npx', ['billing-emulator', 'scenario', 'run', 'dunning'], { cwd: project });
    expect(stdout).toMatch(/dunning: \d+ steps, \d+ passed \(/);
  });

  it('starts from its bin and serves the API', async () => {
    const cli = await startCli(
      ['--token', 'packed-token'],
      {},
      join(project, 'node_modules', '.bin', 'billing-emulator'),
    );
    try {
      const reply = await fetch(`${cli.url}/customers`, {
        headers: { 'X-Service-Access-Token': 'packed-token' },
      });
      expect(reply.status).toBe(200);
      // The dashboard's files come from the installed package (dist/ui).
      const script = await fetch(`${cli.url}/_emulator/ui/app.js`);
      expect(script.status).toBe(200);
      expect((await script.text()).length).toBeGreaterThan(10_000);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('exports createEmulator and verifyWebhook to ESM importers, with declarations that type-check', async () => {
    const script = `
      import { createEmulator, signWebhook, verifyWebhook, type Emulator } from 'billing-emulator';
      const emulator: Emulator = await createEmulator({ port: 0, logger: 'silent' });
      const health = await (await fetch(emulator.url + '/_emulator/health')).json();
      const body = '{"customer":{"id":1}}';
      const valid: boolean = verifyWebhook(body, signWebhook(body, emulator.clientSecret), emulator.clientSecret);
      const forged: boolean = verifyWebhook(body, 'f'.repeat(64), emulator.clientSecret);
      console.log(JSON.stringify({ health, valid, forged }));
      await emulator.close();
    `;
    writeFileSync(join(project, 'check.mts'), script);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: false,
          types: ['node'],
          outDir: 'out',
        },
        files: ['check.mts'],
      }),
    );
    await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project });
    const { stdout } = await run(process.execPath, [join(project, 'out', 'check.mjs')], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ health: { status: 'ok' }, valid: true, forged: false });
  }, 120_000); // type-checking the dependencies' declarations too (skipLibCheck off) takes a while

  it('loads with require() too (the CommonJS build), as Jest loads it', async () => {
    const script = `
      const { createEmulator } = require('billing-emulator');
      createEmulator({ port: 0, logger: 'silent' }).then(async (emulator) => {
        const health = await (await fetch(emulator.url + '/_emulator/health')).json();
        console.log(JSON.stringify(health));
        await emulator.close();
      });`;
    const { stdout } = await run(process.execPath, ['--input-type=commonjs', '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ status: 'ok' });
  });

  it('resolves billing-emulator/testcontainers, which needs only the testcontainers peer', async () => {
    const script =
      "import('billing-emulator/testcontainers').then(() => console.log('loaded'), (e) => console.log(e.message))";
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(stdout).toMatch(/Cannot find package 'testcontainers' imported from .*dist\/testcontainers\//);
  });
});
