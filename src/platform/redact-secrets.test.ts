/** The redactor's secret rules: which headers, fields and query parameters hold credentials. */
import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretField, isSecretHeader, isSecretParam, REDACTED } from './redact.js';

describe('secret names', () => {
  it('headers: Authorization, cookies, every *-Access-Token, *-Token, API keys; not ids', () => {
    for (const name of [
      'Authorization',
      'Proxy-Authorization',
      'Cookie',
      'Set-Cookie',
      'X-Recharge-Access-Token',
      'X-Whatever-Access-Token',
      'X-Auth-Token',
      'X-Amz-Security-Token',
      'X-Api-Key',
      'X-Client-Secret',
    ])
      expect(isSecretHeader(name), name).toBe(true);
    for (const name of ['Idempotency-Key', 'X-Request-Id', 'Content-Type', 'X-Service-Version', 'Tokens'])
      expect(isSecretHeader(name), name).toBe(false);
  });

  it('fields: passwords, secrets, API keys, access and refresh tokens; not the API record ids', () => {
    for (const name of [
      'password',
      'new_password',
      'client_secret',
      'api_key',
      'apiKey',
      'access_token',
      'refresh_token',
      'id_token',
      'session_token',
      'private_key',
      'credentials',
    ])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['token', 'payment_token', 'external_cart_token', 'api_token_id', 'email'])
      expect(isSecretField(name), name).toBe(false);
  });

  it('query parameters: the fields, and `token` alone', () => {
    expect(isSecretParam('token')).toBe(true);
    expect(isSecretParam('access_token')).toBe(true);
    expect(isSecretParam('cursor')).toBe(false);
    const redact = createRedactor();
    expect(redact.url('/checkouts?token=abc12345xyz&access_token=t0k3n-value&limit=5')).toBe(
      `/checkouts?token=${encodeURIComponent(REDACTED)}&access_token=${encodeURIComponent(REDACTED)}&limit=5`,
    );
    // A checkout's `token` in a JSON body is its id, kept.
    expect(redact.json({ checkout: { token: 'chk_123' } })).toEqual({ checkout: { token: 'chk_123' } });
  });
});
