// Writes docs/records.md from the record tables of the build (`npm run docs:records` builds
// first). test/resources/record-docs.test.ts renders the same page from the sources and fails when
// the committed file differs, so the page cannot drift from the tables the serializers are checked against.
import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { recordsMarkdown } from '../dist/resources/shapes/docs.js';

const file = new URL('../docs/records.md', import.meta.url).pathname;
const options = { ...(await resolveConfig(file)), filepath: file };
await writeFile(file, await format(recordsMarkdown(), options));
console.log(`wrote ${file}`);
