/**
 * The lines `billing-emulator start` prints once it listens. Users read the token and client
 * secret from them, and so does the testcontainers module, so formatting and parsing live together.
 */

export interface StartBanner {
  readonly version: string;
  readonly url: string;
  readonly storeId: number;
  readonly apiVersion: string;
  readonly token: string;
  readonly clientSecret: string;
  /** `in memory`, or the data file and its flush interval. */
  readonly data: string;
  readonly tokenHeader: string;
  /** The scenario asked for: what it seeded, or why it was not applied. */
  readonly scenario?: string;
  /** The clone asked for (`--clone-from`): what it copied, or why it was not applied. */
  readonly clone?: string;
  /** The address the server is bound to (`server.address()`), e.g. `0.0.0.0:4010`. */
  readonly bound?: BoundAddress;
  /** Whether the control API needs the admin token (`--admin-token`). */
  readonly adminToken?: boolean;
}

/** What `server.address()` answers for a TCP server. */
export interface BoundAddress {
  readonly address: string;
  readonly port: number;
  readonly family: string;
}

/** Whether only this machine can reach `address` (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
function isLoopback(address: string): boolean {
  const v4 = address.toLowerCase().replace(/^::ffff:/, '');
  return /^127\.\d+\.\d+\.\d+$/.test(v4) || address === '::1';
}

/**
 * `0.0.0.0:4010 (every interface)`, `127.0.0.1:4010 (this machine only)`, `[::1]:4010 (...)`.
 *
 * @example
 * describeBound({ address: '0.0.0.0', port: 4010, family: 'IPv4' }); // '0.0.0.0:4010 (every interface)'
 */
export function describeBound(bound: BoundAddress): string {
  const host = bound.family === 'IPv6' || bound.address.includes(':') ? `[${bound.address}]` : bound.address;
  const reach =
    bound.address === '0.0.0.0' || bound.address === '::'
      ? 'every interface'
      : isLoopback(bound.address)
        ? 'this machine only'
        : 'reachable from the network';
  return `${host}:${bound.port} (${reach})`;
}

/**
 * The warning of a start that other machines can reach with no admin token: whoever reaches the
 * port can read and change every store. Undefined when it listens on loopback or has an admin token.
 * In a container it listens on 0.0.0.0 by necessity; the warning then says how to publish it.
 *
 * @example
 * listenWarning({ address: '0.0.0.0', port: 4010, family: 'IPv4' }, false); // 'listening beyond ...'
 */
export function listenWarning(bound: BoundAddress, adminToken: boolean): string | undefined {
  if (adminToken || isLoopback(bound.address)) return undefined;
  return (
    `listening beyond this machine without --admin-token: whoever reaches port ${bound.port} can read and change every store. ` +
    `Listen on 127.0.0.1 (--host), set --admin-token, or in a container publish the port on loopback only (docker run -p 127.0.0.1:${bound.port}:${bound.port}).`
  );
}

/**
 * Where the dashboard of the emulator at `url` is served.
 *
 * @example
 * dashboardUrl('http://127.0.0.1:4010'); // 'http://127.0.0.1:4010/_emulator/ui'
 */
export function dashboardUrl(url: string): string {
  return `${url.replace(/\/$/, '')}/_emulator/ui`;
}

/**
 * The banner's text, ending with a newline.
 *
 * @example
 * formatStartBanner({ version: '0.1.0', url: 'http://127.0.0.1:4010', storeId: 1, apiVersion: '2021-11',
 *   token: 'emu_3f1c', clientSecret: 'secret_9a0b', data: 'in memory', tokenHeader: 'X-Service-Access-Token' });
 */
export function formatStartBanner(banner: StartBanner): string {
  return [
    `billing-emulator ${banner.version} listening on ${banner.url}`,
    `  default store:  ${banner.storeId}, API version ${banner.apiVersion}`,
    `  token:          ${banner.token}`,
    `  client secret:  ${banner.clientSecret}`,
    `  data:           ${banner.data}`,
    `  header:         ${banner.tokenHeader}`,
    ...(banner.bound === undefined ? [] : [`  bound to:       ${describeBound(banner.bound)}`]),
    ...(banner.bound === undefined
      ? []
      : [listenWarning(banner.bound, banner.adminToken === true)]
          .filter((line) => line !== undefined)
          .map((line) => `  WARNING:        ${line}`)),
    ...(banner.scenario === undefined ? [] : [`  scenario:       ${banner.scenario}`]),
    ...(banner.clone === undefined ? [] : [`  clone of:       ${banner.clone}`]),
    `  dashboard:      ${dashboardUrl(banner.url)}`,
    '',
  ].join('\n');
}

const BANNER = new RegExp(
  [
    String.raw`billing-emulator (\S+) listening on (\S+)\r?\n`,
    String.raw`  default store:\s+(\d+), API version (\S+)\r?\n`,
    String.raw`  token:\s+(\S+)\r?\n`,
    String.raw`  client secret:\s+(\S+)\r?\n`,
    String.raw`  data:\s+([^\r\n]+)\r?\n`,
    String.raw`  header:\s+(\S+)\r?\n`,
  ].join(''),
  'g',
);

/**
 * Every complete banner in `output` (several when the process was restarted), in order; other
 * lines (logs) may come between banners.
 *
 * @example
 * const [banner] = parseStartBanners(stdout);
 * banner?.token; // 'emu_3f1c...'
 */
export function parseStartBanners(output: string): StartBanner[] {
  return [...output.matchAll(BANNER)].map((m) => ({
    version: m[1] ?? '',
    url: m[2] ?? '',
    storeId: Number(m[3]),
    apiVersion: m[4] ?? '',
    token: m[5] ?? '',
    clientSecret: m[6] ?? '',
    data: m[7] ?? '',
    tokenHeader: m[8] ?? '',
  }));
}
