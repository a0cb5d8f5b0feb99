/**
 * The request journal keeps no secret a client sent: credential headers, credential query
 * parameters and secret-looking body fields read back as `[redacted]` over HTTP (what the
 * dashboard's Requests screen shows), and a credential seen once is masked wherever it appears
 * again in the entry. Everything else stays as sent.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { customerBody2021_11 } from '../helpers/factories.js';

const { store } = useEmulator();

describe('the request journal masks secrets', () => {
  it('Authorization, cookies, *-Access-Token headers, access_token/token parameters and body passwords', async () => {
    const { api, control, token } = await store();
    const sent = {
      ...customerBody2021_11(),
      password: 'hunter2-password',
      client_secret: 'cs-0123456789',
      note: 'sent with bearer-credential-123',
    };
    await api.post('/customers', sent, {
      headers: {
        Authorization: 'Bearer bearer-credential-123',
        Cookie: 'session=cookie-credential-456',
        'X-Other-Access-Token': 'other-dialect-token-789',
        'X-Request-Id': 'secrets-1',
      },
      query: { access_token: 'query-access-token-1', token: 'query-token-2', limit: 5 },
    });
    const [entry] = await control.requests();
    expect(entry?.headers).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-other-access-token': '[redacted]',
      'x-service-access-token': '[redacted]',
      'x-request-id': 'secrets-1',
      'content-type': 'application/json',
    });
    expect(entry?.query).toEqual({ access_token: '[redacted]', token: '[redacted]', limit: '5' });
    // A credential seen in a header is masked where it shows up again (here, in the body).
    expect(entry?.body).toEqual({
      ...sent,
      password: '[redacted]',
      client_secret: '[redacted]',
      note: 'sent with [redacted]',
    });
    const text = JSON.stringify(entry);
    for (const secret of [
      token,
      'bearer-credential-123',
      'cookie-credential-456',
      'other-dialect-token-789',
      'query-access-token-1',
      'query-token-2',
      'hunter2-password',
      'cs-0123456789',
    ])
      expect(text).not.toContain(secret);
  });
});
