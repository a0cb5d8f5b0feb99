/**
 * Webhook signatures. Each webhook carries the header `X-Service-Hmac-Sha256` (the middle word
 * follows `--header-prefix`): the lowercase hex SHA-256 of the store's client secret followed by the
 * raw body bytes, with no separator.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * The signature the emulator sends with a webhook: lowercase hex `sha256(clientSecret + rawBody)`.
 * Copies the real service: despite the header name this is a plain hash of the concatenation, not
 * an HMAC.
 *
 * @example
 * signWebhook('{"customer":{"id":1}}', 'secret_abc');
 * // '2ee984d012596650d46022c7495d3916e25be4ce60635da77b0b91ab26a758ec'
 */
export function signWebhook(rawBody: string | Uint8Array, clientSecret: string): string {
  return createHash('sha256').update(clientSecret, 'utf8').update(rawBody).digest('hex');
}

/**
 * Whether `signatureHeader` is the signature of `rawBody` under `clientSecret`. Pass the body
 * exactly as received (before any JSON parsing) and the header as Node.js gives it (a header sent
 * twice, an array of two, is refused). Compares in constant time and never throws: a missing,
 * malformed or wrong signature, an empty secret or a body that is not a string or bytes all give
 * `false`.
 *
 * @example
 * app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
 *   const ok = verifyWebhook(req.body, req.headers['x-service-hmac-sha256'], clientSecret);
 *   res.sendStatus(ok ? 200 : 401);
 * });
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | readonly string[] | null | undefined,
  clientSecret: string,
): boolean {
  try {
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) return false;
    const header =
      Array.isArray(signatureHeader) && signatureHeader.length === 1 ? signatureHeader[0] : signatureHeader;
    if (typeof header !== 'string' || typeof clientSecret !== 'string' || clientSecret === '') return false;
    const given = header.trim().toLowerCase();
    if (!SIGNATURE.test(given)) return false;
    return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signWebhook(rawBody, clientSecret), 'hex'));
  } catch {
    return false;
  }
}
