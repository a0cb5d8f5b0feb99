/**
 * `GET /_emulator/llms.txt` (llmstxt.org) and the guides it links to, `GET /_emulator/docs/<page>.md`:
 * what the emulator is and where its docs are, for agents that read the web. Both are read from the
 * package (llms.txt and docs/ ship in it), so they describe the emulator that serves them. Public:
 * they hold no data.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../errors/api-error.js';
import { errors } from '../errors/messages.js';
import { packageRoot } from '../platform/package-files.js';
import type { ControlEndpoint } from './control.types.js';

async function packageFile(...path: string[]): Promise<string> {
  try {
    return await readFile(join(packageRoot(), ...path), 'utf8');
  } catch {
    throw new ApiError(404, { errors: `${path.join('/')} is not in this installation.` });
  }
}

export const llmsControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/llms.txt',
    summary: 'What the emulator is and where its guides are, for AI agents (llmstxt.org); no token needed',
    access: 'public',
    handle: async () => ({
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: await packageFile('llms.txt'),
    }),
  },
  {
    method: 'GET',
    path: '/docs/:page',
    summary:
      'A guide of the package as Markdown (the pages llms.txt links to, e.g. agents.md); no token needed',
    access: 'public',
    handle: async ({ params }) => {
      const page = params.page ?? '';
      // A name of letters, digits and dashes only: nothing but docs/*.md is ever read.
      if (!/^[a-z0-9][a-z0-9-]{0,60}\.md$/.test(page)) throw errors.notFound();
      return {
        headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
        body: await packageFile('docs', page),
      };
    },
  },
];
