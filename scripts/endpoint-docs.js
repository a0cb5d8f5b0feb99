// Writes docs/endpoints.md from the endpoint table of the build (`npm run docs:endpoints` builds
// first). test/core/endpoint-docs.test.ts renders the same page from the sources and fails when
// the committed file differs, so the page cannot drift from the routes.
import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { endpointTableMarkdown } from '../dist/http/endpoint-docs.js';
import { endpoints } from '../dist/resources/index.js';

const file = new URL('../docs/endpoints.md', import.meta.url).pathname;
const options = { ...(await resolveConfig(file)), filepath: file };
await writeFile(file, await format(endpointTableMarkdown(endpoints), options));
console.log(`wrote ${file} (${endpoints.length} endpoints)`);
