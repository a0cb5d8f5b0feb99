/**
 * The OpenAPI document at /_emulator/openapi.json must describe every control route with its
 * methods: checked against the control endpoint table and against what the live server answers.
 */
import { describe, expect, it } from 'vitest';
import { controlEndpoints } from '../../src/control/control.router.js';
import type { OpenApiDocument } from '../../src/control/openapi.js';
import { openApiPath } from '../../src/control/openapi.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator();

type Routes = Map<string, Set<string>>;

function documentedRoutes(doc: OpenApiDocument): Routes {
  const routes: Routes = new Map();
  for (const [path, item] of Object.entries(doc.paths))
    routes.set(path, new Set(Object.keys(item).map((method) => method.toUpperCase())));
  return routes;
}

function tableRoutes(): Routes {
  const routes: Routes = new Map();
  for (const endpoint of controlEndpoints) {
    const path = openApiPath(endpoint.path);
    routes.set(path, (routes.get(path) ?? new Set()).add(endpoint.method));
  }
  return routes;
}

/** The methods the live server serves on `path` (`{param}`s filled in), read from a 405's `Allow`. */
async function servedMethods(path: string): Promise<Set<string>> {
  const reply = await fetch(`${emulator().url}${path.replace(/\{\w+\}/g, '1')}`, { method: 'PURGE' });
  expect(reply.status, `PURGE ${path}`).toBe(405);
  const allowed = (reply.headers.get('Allow') ?? '').split(/,\s*/).filter((m) => m !== '' && m !== 'HEAD');
  return new Set(allowed);
}

/** Every difference between the routes served and the routes documented. */
function mismatches(served: Routes, documented: Routes): string[] {
  const problems: string[] = [];
  for (const [path, methods] of served) {
    for (const method of methods)
      if (!documented.get(path)?.has(method)) problems.push(`${method} ${path} is served but not documented`);
  }
  for (const [path, methods] of documented) {
    for (const method of methods)
      if (!served.get(path)?.has(method)) problems.push(`${method} ${path} is documented but not served`);
  }
  return problems.sort();
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const reply = await fetch(`${emulator().url}/_emulator/openapi.json`);
  expect(reply.status).toBe(200);
  return (await reply.json()) as OpenApiDocument;
}

describe('GET /_emulator/openapi.json', () => {
  it('documents every route of the control table with its methods', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(mismatches(tableRoutes(), documentedRoutes(doc))).toEqual([]);
  });

  it('documents exactly the methods the live server answers on each route', async () => {
    const documented = documentedRoutes(await fetchDocument());
    const served: Routes = new Map();
    for (const path of new Set([...documented.keys(), ...tableRoutes().keys()]))
      served.set(path, await servedMethods(path));
    expect(mismatches(served, documented)).toEqual([]);
  });

  it('describes each operation: summary, path parameters, body schema, success status', async () => {
    const doc = await fetchDocument();
    for (const endpoint of controlEndpoints) {
      const operation = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation?.summary).toBe(endpoint.summary);
      const pathParameters = operation?.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParameters).toEqual([...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
      expect(operation?.requestBody !== undefined).toBe(endpoint.body !== undefined);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(endpoint.status ?? 200));
    }
    const advance =
      doc.paths['/_emulator/clock/advance']?.post?.requestBody?.content['application/json'].schema;
    expect(advance).toMatchObject({ type: 'object', properties: { days: { type: 'number', minimum: 0 } } });
    expect(
      new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)))
        .size,
    ).toBe(controlEndpoints.length);
  });

  it('fails the check when a route is missing from the document or a method differs', async () => {
    const documented = documentedRoutes(await fetchDocument());
    documented.delete('/_emulator/clock/jobs');
    documented.set('/_emulator/stores/{id}', new Set(['DELETE', 'PUT']));
    expect(mismatches(tableRoutes(), documented)).toEqual([
      'GET /_emulator/clock/jobs is served but not documented',
      'GET /_emulator/stores/{id} is served but not documented',
      'PUT /_emulator/stores/{id} is documented but not served',
    ]);
  });

  it('needs no token, even with an admin token set, and names the configured header', async () => {
    const { createEmulator } = await import('../../src/index.js');
    const guarded = await createEmulator({
      port: 0,
      logger: 'silent',
      adminToken: 'admin-secret',
      headerPrefix: 'Acme',
    });
    try {
      const reply = await fetch(`${guarded.url}/_emulator/openapi.json`);
      expect(reply.status).toBe(200);
      const doc = (await reply.json()) as OpenApiDocument;
      const names = doc.paths['/_emulator/clock']?.get?.parameters.map((p) => p.name);
      expect(names).toContain('X-Acme-Access-Token');
    } finally {
      await guarded.close();
    }
  });
});
