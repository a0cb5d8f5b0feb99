/**
 * Where the emulator may send requests of its own (webhook deliveries, clones): anywhere but the
 * link-local range and the cloud metadata services, which answer any process on the machine with
 * its cloud credentials (169.254.169.254 on AWS, GCP and Azure, fd00:ec2::254 on AWS over IPv6,
 * 100.100.100.200 on Alibaba Cloud, `metadata.google.internal`). Loopback and private addresses
 * stay allowed: receivers run on localhost and in compose networks.
 *
 * A URL is checked by its host (a name or an address literal) and by every address its name
 * resolves to; a webhook's connection then goes to the address that was checked (a `lookup`
 * that checks is given to the request), so a name that resolves elsewhere between a check and the
 * connection (DNS rebinding) cannot reach a refused address.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** What decides whether the emulator's own requests may reach a metadata address. */
export interface OutboundOptions {
  /** Reach link-local and cloud metadata addresses too (`--allow-metadata-addresses`; default false). */
  readonly allowMetadataAddresses?: boolean;
  /** Resolves names instead of `dns.lookup` (tests). */
  readonly lookup?: LookupFunction;
}

/** How a refusal says it can be allowed. */
export const ALLOW_METADATA_HINT =
  'allow it with the store setting webhooks.allow_metadata_addresses or the option --allow-metadata-addresses';

/** Names of metadata services (lowercase, without a trailing dot). */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
]);

let blocked: BlockList | undefined;

/** Link-local ranges and the metadata addresses outside them. */
function blockList(): BlockList {
  if (blocked) return blocked;
  blocked = new BlockList();
  blocked.addSubnet('169.254.0.0', 16, 'ipv4');
  blocked.addAddress('100.100.100.200', 'ipv4');
  blocked.addSubnet('fe80::', 10, 'ipv6');
  blocked.addAddress('fd00:ec2::254', 'ipv6');
  // The IPv4 link-local range behind the NAT64 prefix.
  blocked.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
  return blocked;
}

/**
 * True for a link-local or cloud metadata address (`169.254.169.254`, `fe80::1`,
 * `::ffff:169.254.169.254`, `fd00:ec2::254`, `100.100.100.200`); false for anything else,
 * names included.
 *
 * @example
 * isMetadataAddress('169.254.169.254'); // true
 * isMetadataAddress('127.0.0.1'); // false
 */
export function isMetadataAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return blockList().check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a URL's host may not be reached (a metadata service's name or a link-local address), or
 * null. `hostname` as `URL` gives it (lowercase, IPv6 in brackets).
 *
 * @example
 * refusedHostReason('169.254.169.254'); // '169.254.169.254 is a link-local or cloud metadata address'
 * refusedHostReason('localhost'); // null
 */
export function refusedHostReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(host)) return `${host} is the name of a cloud metadata service`;
  if (isMetadataAddress(host)) return `${host} is a link-local or cloud metadata address`;
  return null;
}

/** A connection refused because its address is a metadata or link-local one. */
export class MetadataAddressRefused extends Error {
  readonly code = 'EMETADATA';
  constructor(
    /** What was refused and why, without the hint. */
    readonly reason: string,
  ) {
    super(`refused: ${reason}; ${ALLOW_METADATA_HINT}`);
    this.name = 'MetadataAddressRefused';
  }
}

/**
 * A `lookup` for `http.request` that resolves with `base` (default `dns.lookup`) and refuses when
 * any address is a metadata or link-local one; the connection goes to an address it checked.
 *
 * @example
 * http.request(url, { lookup: checkedLookup() }); // a name resolving to 169.254.169.254 fails with MetadataAddressRefused
 */
export function checkedLookup(base: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    const all: LookupAllOptions = { ...options, all: true };
    base(hostname, all, (error, found) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const addresses: LookupAddress[] = Array.isArray(found) ? found : [];
      const bad = addresses.find((entry) => isMetadataAddress(entry.address));
      if (bad) {
        callback(
          new MetadataAddressRefused(
            `${hostname} resolves to ${bad.address}, a link-local or cloud metadata address`,
          ),
          '',
          0,
        );
        return;
      }
      if (options.all) {
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const first = addresses[0];
      if (!first)
        callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * Why a request to `url` would be refused, or null: its host, then (for a name) every address the
 * name resolves to now. A name that does not resolve is not refused here: the request fails on
 * its own.
 *
 * @example
 * await refusedUrlReason('http://169.254.169.254/latest/meta-data/'); // '169.254.169.254 is a link-local ...'
 */
export async function refusedUrlReason(
  url: URL,
  lookup: LookupFunction = dnsLookup as LookupFunction,
): Promise<string | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const byName = refusedHostReason(host);
  if (byName !== null || isIP(host) !== 0) return byName;
  return new Promise((resolve) => {
    checkedLookup(lookup)(host, { all: true }, (error) => {
      resolve(error instanceof MetadataAddressRefused ? error.reason : null);
    });
  });
}
