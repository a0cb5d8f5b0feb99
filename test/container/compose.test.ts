/**
 * docs/docker.md's compose service, started with the compose tool of the engine (podman-compose
 * where Podman is the engine, else `docker compose`), from the image built from this checkout: it
 * becomes healthy by its own health check and serves the API with the token it was given. Skipped,
 * with the reason, when no engine or no compose tool is there; required in CI
 * (BILLING_EMULATOR_REQUIRE_CONTAINERS=1, where .ci/run installs podman-compose).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { blocksOf } from '../helpers/doc-blocks.js';
import './engine.js';

const run = promisify(execFile);
const engine = inject('containerEngine');

/** The compose command that works here: podman-compose with Podman, docker compose with Docker. */
function composeTool(): { command: string[]; kind: 'podman' | 'docker' } | string {
  const works = (command: string, args: string[]) => {
    try {
      execFileSync(command, args, { stdio: 'ignore', timeout: 20_000 });
      return true;
    } catch {
      return false;
    }
  };
  if (works('podman', ['--version']) && works('podman-compose', ['version']))
    return { command: ['podman-compose'], kind: 'podman' };
  if (works('docker', ['compose', 'version'])) return { command: ['docker', 'compose'], kind: 'docker' };
  return 'no compose tool: neither podman-compose (with podman) nor docker compose is installed';
}

const tool = engine.available ? composeTool() : engine.reason;
const skipped = typeof tool === 'string' ? tool : '';
if (skipped && engine.available && process.env.BILLING_EMULATOR_REQUIRE_CONTAINERS === '1')
  throw new Error(`BILLING_EMULATOR_REQUIRE_CONTAINERS=1 but ${skipped}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe.skipIf(skipped !== '')(
  `docs/docker.md's compose service${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-compose-'));
    const project = `billing-emulator-compose-${process.pid}`;
    const file = join(dir, 'compose.yaml');
    const compose = (args: string[]) => {
      if (typeof tool === 'string') throw new Error(tool);
      const [command = '', ...rest] = tool.command;
      return run(command, [...rest, '-p', project, '-f', file, ...args], { cwd: dir, timeout: 180_000 });
    };
    afterAll(async () => {
      await compose(['down']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }, 120_000);

    it('starts, becomes healthy by its own health check, and serves the API with its token', async () => {
      if (typeof tool === 'string') throw new Error(tool);
      const block = blocksOf('docs/docker.md').find(
        (candidate) => candidate.lang === 'yaml' && /^ {2}billing-emulator:/m.test(candidate.code),
      );
      const doc = parse(block?.code ?? '') as {
        services: Record<
          string,
          {
            image: string;
            ports: string[];
            environment: Record<string, string>;
            healthcheck: { test: unknown };
          }
        >;
      };
      const service = doc.services['billing-emulator'];
      if (!service) throw new Error('docs/docker.md has no billing-emulator service');
      // Regression: podman-compose 1.0.3 quoted the list form ([CMD, node, -e, ...]) into a shell
      // command that always failed; one string is run as written by both compose tools.
      expect(typeof service.healthcheck.test).toBe('string');
      // As in the docs, but the image built from this checkout and a free port (tests bind no fixed port).
      expect(service.ports).toEqual(['127.0.0.1:4010:4010']);
      const port = await freePort();
      service.image = engine.image;
      service.ports = [`127.0.0.1:${port}:4010`];
      writeFileSync(file, stringify(doc));

      await compose(tool.kind === 'docker' ? ['up', '-d', '--wait'] : ['up', '-d']);
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      let health = 0;
      while (health !== 200 && Date.now() < deadline) {
        health = await fetch(`${url}/_emulator/health`).then(
          (reply) => reply.status,
          () => 0,
        );
        if (health !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(health).toBe(200);

      // The compose file's own health check passes inside the container.
      if (tool.kind === 'podman') {
        const { stdout } = await run('podman', [
          'ps',
          '-q',
          '--filter',
          `label=io.podman.compose.project=${project}`,
        ]);
        const [container] = stdout.trim().split('\n');
        expect(container).toBeTruthy();
        await run('podman', ['healthcheck', 'run', container ?? '']);
        const { stdout: status } = await run('podman', [
          'inspect',
          '--format',
          '{{.State.Health.Status}}',
          container ?? '',
        ]);
        expect(status.trim()).toBe('healthy');
      }

      const token = service.environment.BILLING_EMULATOR_TOKEN ?? '';
      const customers = await fetch(`${url}/customers`, { headers: { 'X-Service-Access-Token': token } });
      expect(customers.status).toBe(200);
      // The image carries llms.txt and the guides it links to.
      for (const path of ['/_emulator/llms.txt', '/_emulator/docs/agents.md'])
        expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    }, 240_000);
  },
);
