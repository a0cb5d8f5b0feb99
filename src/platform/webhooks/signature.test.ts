import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './signature.js';

// Computed outside this code base: printf '%s' "$secret$body" | sha256sum
const VECTORS = [
  {
    secret: 'secret_abc',
    body: '{"customer":{"id":10000001,"email":"ada@example.com"}}',
    signature: '54d53c465fdeec879a9da905daa6dd2af7de8e1ffae62336f674d3a394670bf3',
  },
  {
    secret: 'secret_xyz',
    body: '{"note":"café ☕"}',
    signature: '5a05388b12139374348369dc65abab98d6cde279fa21825f7d810fecd4e7d6e0',
  },
];

describe('signWebhook', () => {
  it.each(VECTORS)('is the hex sha256 of secret + body ($secret)', ({ secret, body, signature }) => {
    expect(signWebhook(body, secret)).toBe(signature);
    expect(signWebhook(Buffer.from(body, 'utf8'), secret)).toBe(signature);
  });

  it('agrees with a hash of the concatenated bytes', () => {
    const body = Buffer.from([0x7b, 0xff, 0x00, 0x7d]);
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from('s3cret'), body]))
      .digest('hex');
    expect(signWebhook(body, 's3cret')).toBe(expected);
  });
});

describe('verifyWebhook', () => {
  const { secret, body, signature } = VECTORS[1] as (typeof VECTORS)[number];

  it('accepts the signature for a string or a Buffer body', () => {
    expect(verifyWebhook(body, signature, secret)).toBe(true);
    expect(verifyWebhook(Buffer.from(body), signature, secret)).toBe(true);
    expect(verifyWebhook(new Uint8Array(Buffer.from(body)), signature, secret)).toBe(true);
  });

  it('accepts upper-case hex and surrounding whitespace', () => {
    expect(verifyWebhook(body, ` ${signature.toUpperCase()}\n`, secret)).toBe(true);
  });

  it('takes the header as Node.js gives it: one value, or an array of one', () => {
    expect(verifyWebhook(body, [signature], secret)).toBe(true);
    expect(verifyWebhook(body, [signature, signature], secret)).toBe(false);
    expect(verifyWebhook(body, [], secret)).toBe(false);
  });

  it('rejects another secret, a changed body and a signature of other bytes', () => {
    expect(verifyWebhook(body, signature, 'secret_other')).toBe(false);
    expect(verifyWebhook(`${body} `, signature, secret)).toBe(false);
    expect(verifyWebhook(body, signWebhook(body, `${secret}x`), secret)).toBe(false);
    // A hash of the body alone is not a signature.
    const unsigned = createHash('sha256').update(body).digest('hex');
    expect(verifyWebhook(body, unsigned, secret)).toBe(false);
  });

  it('returns false and never throws for malformed input', () => {
    const malformed: unknown[] = [
      undefined,
      null,
      '',
      'abc',
      signature.slice(0, 63),
      `${signature}00`,
      `${signature.slice(0, 63)}g`,
      `sha256=${signature}`,
      [42],
      { signature },
      42,
    ];
    for (const header of malformed) {
      expect(verifyWebhook(body, header as string, secret)).toBe(false);
    }
    expect(verifyWebhook(body, signature, '')).toBe(false);
    expect(verifyWebhook(body, signature, undefined as unknown as string)).toBe(false);
    expect(verifyWebhook({ body } as unknown as string, signature, secret)).toBe(false);
    expect(verifyWebhook(undefined as unknown as string, signature, secret)).toBe(false);
  });
});
