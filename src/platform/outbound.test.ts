import { describe, expect, it } from 'vitest';
import { isMetadataAddress, refusedHostReason } from './outbound.js';

describe('metadata addresses', () => {
  it('link-local v4 and v6, the metadata services, v4-mapped forms; not loopback or private', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.0.1',
      '100.100.100.200',
      'fe80::1',
      'febf::1',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '[fd00:ec2::254]',
    ])
      expect(isMetadataAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '192.168.1.2',
      '172.17.0.2',
      'fd00::1',
      '100.100.100.201',
    ])
      expect(isMetadataAddress(address), address).toBe(false);
  });

  it('names of metadata services, any case, with a trailing dot', () => {
    expect(refusedHostReason('Metadata.Google.Internal.')).toMatch(/cloud metadata service/);
    expect(refusedHostReason('metadata')).toMatch(/cloud metadata service/);
    expect(refusedHostReason('instance-data')).toMatch(/cloud metadata service/);
    expect(refusedHostReason('localhost')).toBeNull();
    expect(refusedHostReason('billing-emulator')).toBeNull();
    expect(refusedHostReason('metadata.example.com')).toBeNull();
  });
});
