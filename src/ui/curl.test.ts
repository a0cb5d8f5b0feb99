import { describe, expect, it } from 'vitest';
import { curlOf, shellQuote } from './curl.js';

describe('curlOf', () => {
  it('writes method, URL with query, kept headers, $TOKEN for the token and the body', () => {
    const command = curlOf(
      {
        method: 'POST',
        path: '/customers',
        query: { include: 'addresses' },
        headers: {
          host: '127.0.0.1:4010',
          'x-service-access-token': '***',
          'x-service-version': '2021-11',
          'content-type': 'application/json',
          'sec-fetch-mode': 'cors',
        },
        body: { first_name: "O'Brien" },
      },
      'http://127.0.0.1:4010',
      'X-Service-Access-Token',
    );
    expect(command).toBe(
      `curl -X POST 'http://127.0.0.1:4010/customers?include=addresses' -H "x-service-access-token: $TOKEN" ` +
        `-H 'x-service-version: 2021-11' -H 'content-type: application/json' -d '{"first_name":"O'\\''Brien"}'`,
    );
  });

  it('quotes for a POSIX shell', () => {
    expect(shellQuote(`it's $HOME`)).toBe(`'it'\\''s $HOME'`);
  });
});
