/**
 * Start-up does not pay for the MCP SDK: an emulator that starts and answers loads none of its
 * modules (the library's ESM build, as `createEmulator` users run it); the first request to
 * /_emulator/mcp does. The CLI bundle keeps the same laziness (its SDK modules are evaluated on
 * first use), which the start-up benchmark measures (docs/performance.md).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/doc-blocks.js';

const run = promisify(execFile);

/** Records every module URL the process resolves, starts an emulator, then calls /_emulator/mcp. */
const SCRIPT = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on('message', (url) => loaded.push(url));
port1.unref();
const hooks = 'let port; export function initialize(data) { port = data.port; }' +
  ' export async function resolve(specifier, context, next) { const found = await next(specifier, context); port.postMessage(found.url); return found; }';
register('data:text/javascript,' + encodeURIComponent(hooks), { data: { port: port2 }, transferList: [port2] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
// The SDK is bundled into dist/mcp/http.js (scripts/bundle-mcp.js): loading it is loading the SDK.
const sdk = () => loaded.filter((url) => url.includes('@modelcontextprotocol') || url.includes('/dist/mcp/')).length;
const { createEmulator } = await import(${JSON.stringify(join(ROOT, 'dist', 'index.js'))});
const emulator = await createEmulator({ port: 0, logger: 'silent' });
await fetch(emulator.url + '/_emulator/health');
await fetch(emulator.url + '/customers', { headers: { 'X-Service-Access-Token': emulator.token } });
await settle();
const atStart = sdk();
const reply = await fetch(emulator.url + '/_emulator/mcp', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
});
await settle();
console.log(JSON.stringify({ modules: loaded.length, atStart, afterMcp: sdk(), status: reply.status }));
await emulator.close();
`;

describe('the MCP SDK', () => {
  it('is not loaded by a start, only by the first request to /_emulator/mcp', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>;
    expect(seen.modules).toBeGreaterThan(50);
    expect(seen.atStart).toBe(0);
    expect(seen.status).toBe(200);
    expect(seen.afterMcp).toBeGreaterThan(0);
  }, 60_000);
});
