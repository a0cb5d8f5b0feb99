/**
 * Personal data stand-ins keep a value's form, so a redacted recording is refused or accepted as
 * the real one was; the service's messages are left as it wrote them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRedactor } from './redact.js';

const isEmail = (value: unknown) => z.email().safeParse(value).success;

describe('stand-ins keep the form of what they replace', () => {
  it('an email that is not one stays not one, of the same shape, the same each time', () => {
    const redact = createRedactor({ pii: true });
    for (const invalid of [
      'not-an-email',
      'ann@',
      '@shop.test',
      'a..b@shop.test',
      'ann@shop',
      'ann shop@x.io',
    ]) {
      const standIn = redact.field('email', invalid);
      expect(isEmail(standIn), `${invalid} → ${standIn}`).toBe(false);
      expect(standIn).not.toBe(invalid);
      expect(standIn.replace(/[a-z]/g, 'a').replace(/[0-9]/g, '0')).toBe(
        invalid.replace(/[a-z]/g, 'a').replace(/[0-9]/g, '0'),
      );
      expect(redact.field('customer_email', invalid)).toBe(standIn);
    }
    expect(redact.field('email', 'ann@shop.test')).toBe('person7@example.com');
    // The example docs/parity.md gives.
    expect(createRedactor({ pii: true }).field('email', 'not-an-email')).toBe('ymi-df-ioolx');
    expect(isEmail(redact.field('email', 'Ann.B+tea@mail.shop.test'))).toBe(true);
  });

  it('leaves the service messages of an error body alone', () => {
    const redact = createRedactor({ pii: true });
    const answer = {
      errors: {
        email: ['Not a valid email address.'],
        first_name: 'is required',
        client_secret: 'too short',
      },
      error: 'Customer email ann@shop.test is taken',
      warning: 'phone looks odd',
    };
    const request = redact.json({ email: 'ann@shop.test' }) as { email: string };
    expect(redact.json(answer)).toEqual({
      ...answer,
      // A value replaced elsewhere is replaced in messages too, by the same stand-in.
      error: `Customer email ${request.email} is taken`,
    });
  });

  it('finds a replaced value that is not an email inside free text, by the same stand-in', () => {
    const redact = createRedactor({ pii: true });
    const standIn = redact.field('email', 'not-an-email');
    expect(redact.text('not-an-email is not an email')).toBe(`${standIn} is not an email`);
  });
});
