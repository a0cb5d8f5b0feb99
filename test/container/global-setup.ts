/**
 * Prepares the container suite once: finds a container engine, builds the emulator's image from
 * this checkout, and makes sure TestContainers.exposeHostPorts() has an sshd image to start.
 */
import { fileURLToPath } from 'node:url';
import {
  GenericContainer,
  getContainerRuntimeClient,
  ImageName,
  type ContainerRuntimeClient,
} from 'testcontainers';
import type { TestProject } from 'vitest/node';
import type { ContainerEngine } from './engine.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SSHD_STANDIN_DIR = fileURLToPath(new URL('./sshd-standin', import.meta.url));
/** The image testcontainers 11 starts for exposeHostPorts() unless SSHD_CONTAINER_IMAGE names another. */
const SSHD_IMAGE = 'testcontainers/sshd:1.3.0';
const SSHD_STANDIN_IMAGE = 'billing-emulator-test/sshd-standin:1';
const IMAGE = 'billing-emulator:test';

function say(message: string): void {
  process.stderr.write(`container suite: ${message}\n`);
}

async function findEngine(): Promise<ContainerRuntimeClient | string> {
  try {
    return await getContainerRuntimeClient();
  } catch (error) {
    return `no container engine answers (${(error as Error).message.split('\n')[0]})`;
  }
}

/** Uses the real sshd image when present or pullable, else builds the stand-in and names it. */
async function ensureSshdImage(client: ContainerRuntimeClient): Promise<void> {
  if (process.env.SSHD_CONTAINER_IMAGE) return;
  const real = ImageName.fromString(SSHD_IMAGE);
  if (await client.image.exists(real)) return;
  try {
    await client.image.pull(real);
  } catch {
    // Podman reports a failed pull inside the stream, Docker by throwing: check for the image after.
  }
  if (await client.image.exists(real)) return;
  say(`cannot pull ${SSHD_IMAGE}; building a stand-in from test/container/sshd-standin`);
  await GenericContainer.fromDockerfile(SSHD_STANDIN_DIR).build(SSHD_STANDIN_IMAGE, { deleteOnExit: false });
  // Read by testcontainers when the test files load it (workers inherit this environment).
  process.env.SSHD_CONTAINER_IMAGE = SSHD_STANDIN_IMAGE;
}

export default async function setup(project: TestProject): Promise<void> {
  const client = await findEngine();
  if (typeof client === 'string') {
    if (process.env.BILLING_EMULATOR_REQUIRE_CONTAINERS === '1')
      throw new Error(`BILLING_EMULATOR_REQUIRE_CONTAINERS=1 but ${client}`);
    say(`SKIPPED: ${client}`);
    project.provide('containerEngine', {
      available: false,
      reason: client,
      image: '',
    } satisfies ContainerEngine);
    return;
  }
  const started = performance.now();
  say(`building ${IMAGE} from ${ROOT}Dockerfile on ${client.info.containerRuntime.host}...`);
  await GenericContainer.fromDockerfile(ROOT).build(IMAGE, { deleteOnExit: false });
  say(`built ${IMAGE} in ${Math.round((performance.now() - started) / 1000)} s`);
  await ensureSshdImage(client);
  project.provide('containerEngine', { available: true, reason: '', image: IMAGE } satisfies ContainerEngine);
}
