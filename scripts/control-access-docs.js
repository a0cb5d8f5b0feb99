// Writes the "Who may call what" table of docs/control-api.md from the control endpoint table of
// the build (`npm run docs:control-access` builds first). test/core/control-access-docs.test.ts
// renders the same table from the sources and fails when the committed page differs.
import { readFile, writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { controlAccessMarkdown, withAccessTable } from '../dist/control/access-docs.js';
import { controlEndpoints } from '../dist/control/control.router.js';

const file = new URL('../docs/control-api.md', import.meta.url).pathname;
const options = { ...(await resolveConfig(file)), filepath: file };
const page = withAccessTable(await readFile(file, 'utf8'), controlAccessMarkdown(controlEndpoints));
await writeFile(file, await format(page, options));
console.log(`wrote ${file} (${controlEndpoints.length} control routes)`);
