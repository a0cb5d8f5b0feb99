/** The redactor: secrets always, personal data with `pii`, the same stand-in for the same value. */
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from './redact.js';

describe('createRedactor', () => {
  it('replaces credential headers and fields, and the credential wherever it appears later', () => {
    const redact = createRedactor();
    expect(redact.header('X-Recharge-Access-Token', 'sk_token_123456')).toBe(REDACTED);
    expect(redact.header('Authorization', 'Bearer abcdefgh12345')).toBe(REDACTED);
    expect(redact.header('Content-Type', 'application/json')).toBe('application/json');
    expect(redact.json({ webhook: { client_secret: 's3cr3t-value', topic: 'charge/paid' } })).toEqual({
      webhook: { client_secret: REDACTED, topic: 'charge/paid' },
    });
    expect(redact.text('token sk_token_123456 and secret s3cr3t-value')).toBe(
      `token ${REDACTED} and secret ${REDACTED}`,
    );
    expect(redact.text('key sk_live_abcdefgh1234')).toBe(`key ${REDACTED}`);
    // Without pii, personal data stays.
    expect(redact.json({ email: 'ann@shop.test' })).toEqual({ email: 'ann@shop.test' });
  });

  it('replaces personal data consistently, keeping its form, in bodies, queries and text', () => {
    const redact = createRedactor({ pii: true });
    const body = redact.json({
      customer: {
        email: 'Ann@Shop.test',
        first_name: 'Annabel',
        last_name: 'Lovelace',
        phone: '+1 (415) 555-2671',
        billing_address1: '12 Real Road',
        id: 5,
      },
      addresses: [{ address1: '12 Real Road', address2: '', city: 'Springfield', first_name: 'Annabel' }],
    });
    expect(body).toEqual({
      customer: {
        email: 'person1@example.com',
        first_name: 'PersonA',
        last_name: 'SurnameA',
        phone: '+5 (550) 000-0001',
        billing_address1: '1 Example Street',
        id: 5,
      },
      addresses: [{ address1: '1 Example Street', address2: '', city: 'Springfield', first_name: 'PersonA' }],
    });
    expect(redact.url('/customers?email=ann%40shop.test&limit=5')).toBe(
      '/customers?email=person1%40example.com&limit=5',
    );
    expect(redact.text('{"errors":{"email":"ann@shop.test already exists for Annabel Lovelace"}}')).toBe(
      '{"errors":{"email":"person1@example.com already exists for PersonA SurnameA"}}',
    );
    expect(redact.field('email', 'bob@shop.test')).toBe('person2@example.com');
    expect(redact.summary()).toMatchObject({ email: 2, first_name: 1, last_name: 1, phone: 1, street: 1 });
  });

  it('keeps prototype-named keys plain', () => {
    const parsed = JSON.parse('{"__proto__": {"email": "a@b.co"}}') as unknown;
    const out = createRedactor({ pii: true }).json(parsed) as Record<string, unknown>;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"email":"person1@example.com"}}');
  });
});
