/**
 * Where `start` listens: its banner shows the address it is bound to, and warns when other
 * machines can reach it without an admin token. `--allowed-hosts` (and its variable) reach the guard.
 */
import { describe, expect, it } from 'vitest';
import { describeBound, listenWarning } from '../../src/cli/start-banner.js';
import { startCli } from '../helpers/cli.js';
import { rawRequest } from '../helpers/raw-http.js';

describe('the start banner', () => {
  it('warns when it listens on every interface without an admin token, naming what to do', async () => {
    const cli = await startCli(['--host', '0.0.0.0']);
    try {
      await cli.waitForOutput(/dashboard: /);
      const port = new URL(cli.url).port;
      expect(cli.output()).toContain(`  bound to:       0.0.0.0:${port} (every interface)\n`);
      expect(cli.output()).toMatch(
        / {2}WARNING: +listening beyond this machine without --admin-token: whoever reaches port \d+ can read and change every store\./,
      );
      expect(cli.output()).toContain(`docker run -p 127.0.0.1:${port}:${port}`);
    } finally {
      await cli.stop();
    }
  });

  it('does not warn on every interface with an admin token, nor on loopback', async () => {
    const shared = await startCli(['--host', '0.0.0.0', '--admin-token', 'a-long-admin-token']);
    const local = await startCli([]);
    try {
      await shared.waitForOutput(/dashboard: /);
      await local.waitForOutput(/dashboard: /);
      expect(shared.output()).toMatch(/bound to: +0\.0\.0\.0:\d+ \(every interface\)/);
      expect(local.output()).toMatch(/bound to: +127\.0\.0\.1:\d+ \(this machine only\)/);
      for (const cli of [shared, local]) expect(cli.output()).not.toContain('WARNING');
    } finally {
      await shared.stop();
      await local.stop();
    }
  });

  it('tells loopback from the network, IPv6 included', () => {
    expect(describeBound({ address: '::1', port: 4010, family: 'IPv6' })).toBe(
      '[::1]:4010 (this machine only)',
    );
    expect(describeBound({ address: '::', port: 4010, family: 'IPv6' })).toBe('[::]:4010 (every interface)');
    expect(describeBound({ address: '192.168.1.20', port: 4010, family: 'IPv4' })).toBe(
      '192.168.1.20:4010 (reachable from the network)',
    );
    expect(listenWarning({ address: '192.168.1.20', port: 4010, family: 'IPv4' }, false)).toBeDefined();
    expect(listenWarning({ address: '127.0.0.2', port: 4010, family: 'IPv4' }, false)).toBeUndefined();
    expect(listenWarning({ address: '::ffff:127.0.0.1', port: 4010, family: 'IPv6' }, false)).toBeUndefined();
  });
});

describe('--allowed-hosts on the command line', () => {
  it('answers the hosts named in BILLING_EMULATOR_ALLOWED_HOSTS and refuses others', async () => {
    const cli = await startCli([], { BILLING_EMULATOR_ALLOWED_HOSTS: 'emu.ci.example,.preview.example' });
    try {
      const health = (host: string) => rawRequest(cli.url, 'GET', '/_emulator/health', { Host: host });
      expect((await health('emu.ci.example:4010')).status).toBe(200);
      expect((await health('pr-1.preview.example')).status).toBe(200);
      const refused = await health('evil.example');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toContain('--allowed-hosts evil.example');
    } finally {
      await cli.stop();
    }
  });

  it('all turns the check off', async () => {
    const cli = await startCli(['--allowed-hosts', 'all']);
    try {
      expect((await rawRequest(cli.url, 'GET', '/_emulator/health', { Host: 'evil.example' })).status).toBe(
        200,
      );
    } finally {
      await cli.stop();
    }
  });
});
