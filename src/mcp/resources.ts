/**
 * The guides an agent needs, as MCP resources: read from the package (they ship in it, see
 * package.json "files"), so they always describe the emulator that serves them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { packageRoot } from '../platform/package-files.js';

/** The pages served, by file name under docs/, with what each is for. */
export const DOC_RESOURCES: readonly {
  readonly file: string;
  readonly title: string;
  readonly description: string;
}[] = [
  {
    file: 'api-behaviour.md',
    title: 'API behaviour',
    description:
      'How each resource of the emulated API behaves where the spec is silent: errors, lists, billing rules',
  },
  {
    file: 'time-travel.md',
    title: 'Time travel',
    description: 'The virtual clock, scheduled jobs, dunning and retries, and the test payment tokens',
  },
  {
    file: 'webhooks.md',
    title: 'Webhooks',
    description: 'Topics, signatures, delivery and retries, the delivery log, the inbox, pause and outbox',
  },
];

export const docUri = (file: string) => `billing-emulator://docs/${file}`;

export function registerDocResources(server: McpServer): void {
  for (const doc of DOC_RESOURCES) {
    server.registerResource(
      doc.file.replace(/\.md$/, ''),
      docUri(doc.file),
      { title: doc.title, description: doc.description, mimeType: 'text/markdown' },
      async (uri) => ({
        contents: [
          {
            uri: uri.href,
            mimeType: 'text/markdown',
            text: await readFile(join(packageRoot(), 'docs', doc.file), 'utf8'),
          },
        ],
      }),
    );
  }
}
