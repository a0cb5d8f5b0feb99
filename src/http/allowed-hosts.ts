/**
 * Which names the emulator answers to (the `Host` header). A web page can make a browser send
 * requests to any address under a name its own DNS later points at 127.0.0.1 (DNS rebinding); the
 * browser then treats the emulator as that page's own origin. Answering only names no public DNS
 * can hand to an attacker closes that door, as Vite, webpack-dev-server and Jupyter do
 * (docs/decisions/0040-guard.md).
 */
import { isIP } from 'node:net';

/** The hosts the emulator answers to besides the built-in ones, or `'all'` for no check. */
export type AllowedHosts = 'all' | readonly string[];

/**
 * `--allowed-hosts` as given (a comma-separated list, or a list of such strings): `all` anywhere
 * turns the check off; names are compared case-insensitively and without a port.
 *
 * @example
 * parseAllowedHosts('emu.example.com, .ci.example'); // ['emu.example.com', '.ci.example']
 * parseAllowedHosts(['all']); // 'all'
 */
export function parseAllowedHosts(value: string | readonly string[] | undefined): AllowedHosts {
  const items = (typeof value === 'string' ? [value] : (value ?? []))
    .flatMap((item) => item.split(','))
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
  if (items.includes('all')) return 'all';
  return items.map(hostnameOf);
}

/** The name part of a `Host` value (`[::1]:4010` → `::1`, `Localhost:4010` → `localhost`). */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    return end < 0 ? trimmed : trimmed.slice(1, end);
  }
  const colon = trimmed.indexOf(':');
  return colon < 0 ? trimmed : trimmed.slice(0, colon);
}

/** Names no DNS answer can rebind: loopback names, IP literals and dotless (container) names. */
function builtIn(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (isIP(hostname) !== 0) return true;
  return !hostname.includes('.');
}

/**
 * Whether a request sent with this `Host` header may be answered. A missing header is refused, as
 * Vite and webpack-dev-server refuse it: every browser sends one, and so does every HTTP/1.1 client.
 *
 * @example
 * isHostAllowed('localhost:4010', []); // true
 * isHostAllowed('billing-emulator:4010', []); // true (a compose service)
 * isHostAllowed('evil.example:4010', []); // false
 * isHostAllowed('api.ci.example', ['.ci.example']); // true
 */
export function isHostAllowed(host: string | undefined, allowed: AllowedHosts): boolean {
  if (allowed === 'all') return true;
  if (host === undefined || host.trim() === '') return false;
  const hostname = hostnameOf(host);
  if (hostname === '') return false;
  if (builtIn(hostname)) return true;
  return allowed.some((entry) =>
    entry.startsWith('.') ? hostname === entry.slice(1) || hostname.endsWith(entry) : hostname === entry,
  );
}
