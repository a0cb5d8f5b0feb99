/**
 * `GET /_emulator/ui`: the dashboard, served from the package (`dist/ui`, built by
 * `scripts/bundle-ui.js`), so it works offline. The page holds no data: it reads everything through
 * the control API and the emulated API, sending the admin token when the emulator has one, so its
 * files need none (docs/decisions/0023-dashboard.md).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../errors/api-error.js';
import { errors } from '../errors/messages.js';
import { packageRoot } from '../platform/package-files.js';
import type { ControlDeps, ControlEndpoint } from './control.types.js';

/** The files of the built dashboard, by the name it is asked for (nothing else is read from disk). */
const ASSETS: Readonly<Record<string, string>> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};

/** Where `npm run build` writes the dashboard. */
export function dashboardDir(): string {
  return join(packageRoot(), 'dist', 'ui');
}

/** The page forbids inline script and any other origin: data shown can never run as code. */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

async function asset(name: string): Promise<Buffer> {
  try {
    return await readFile(join(dashboardDir(), name));
  } catch {
    throw new ApiError(404, {
      errors: `The dashboard is not built (${name} is missing from dist/ui); run npm run build.`,
    });
  }
}

/** The page, with what the script needs to know about this emulator in meta tags. */
async function page(deps: ControlDeps): Promise<string> {
  const html = (await asset('index.html')).toString('utf8');
  const meta = [
    `<meta name="emulator-token-header" content="${deps.headers.accessToken}">`,
    `<meta name="emulator-version-header" content="${deps.headers.version}">`,
    `<meta name="emulator-admin-token" content="${deps.adminToken ? 'required' : 'none'}">`,
  ].join('\n    ');
  return html.replace('<!-- emulator-meta -->', meta);
}

/**
 * A browser that opens the emulator's root (`Accept: text/html`) is sent to the dashboard, and its
 * `/favicon.ico` to the dashboard's icon. API clients (curl, SDKs: `*\/*` or JSON) get the emulated
 * API's own answer, as from the real service.
 *
 * @example
 * browserRedirect({ method: 'GET', path: '/', accept: 'text/html,*\/*' }); // '/_emulator/ui'
 */
export function browserRedirect(request: { method: string; path: string; accept: string }): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.path === '/' && /\btext\/html\b/.test(request.accept)) return '/_emulator/ui';
  if (request.path === '/favicon.ico' && /\bimage\//.test(request.accept)) return '/_emulator/ui/favicon.svg';
  return null;
}

export const uiControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/ui',
    access: 'public',
    summary: 'The dashboard (a web page; asks for the admin token when the emulator has one)',
    handle: async ({ deps }) => ({
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP },
      body: await page(deps),
    }),
  },
  {
    method: 'GET',
    path: '/ui/:file',
    access: 'public',
    summary: "The dashboard's script, style sheet and icon (app.js, app.css, favicon.svg)",
    handle: async ({ params }) => {
      const name = params.file ?? '';
      const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
      if (!type) throw errors.notFound();
      return { headers: { 'Content-Type': type, 'Cache-Control': 'no-cache' }, body: await asset(name) };
    },
  },
];
