/**
 * Removes the sshd container that TestContainers.exposeHostPorts() started for this test process.
 * Ryuk removes it where Ryuk runs; with Ryuk disabled (Podman) it would outlive the suite.
 */
import { getContainerRuntimeClient, getReaper, LABEL_TESTCONTAINERS_SESSION_ID } from 'testcontainers';

const LABEL_SSHD = 'org.testcontainers.sshd';

export async function removePortForwarder(): Promise<void> {
  const client = await getContainerRuntimeClient();
  const { sessionId } = await getReaper(client);
  for (const info of await client.container.list()) {
    if (info.Labels[LABEL_SSHD] !== 'true' || info.Labels[LABEL_TESTCONTAINERS_SESSION_ID] !== sessionId)
      continue;
    const container = client.container.getById(info.Id);
    await client.container.stop(container, { timeout: 0 });
    await client.container.remove(container, { removeVolumes: true });
  }
}
