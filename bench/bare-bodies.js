// The answers of the bare servers (bare-server.js, bare-koa-server.js): the JSON bytes the emulator
// gives for one customer and for the list page, so every server measured sends the same bytes.
import { readFileSync } from 'node:fs';

/** A body given on the command line: the text itself, or `@<file>` for a file's text. */
export const bodyArgument = (value, fallback) =>
  value === undefined ? fallback : value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;

/** argv: [one customer's JSON (or `@file`)] [the list page's JSON (or `@file`)]; `{}` when absent. */
export function bareBodies(argv = process.argv) {
  const byId = bodyArgument(argv[2], '{}');
  return { byId, list: bodyArgument(argv[3], byId) };
}

/** Whether a request's URL is the list path (`/customers` with or without a query), not one customer's. */
export const isListUrl = (url) => url === '/customers' || url.startsWith('/customers?');
