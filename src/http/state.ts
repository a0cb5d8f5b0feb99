import type { RequestIdentity } from './auth.middleware.js';

/** What the middleware chain learns about a request. */
export interface AppState {
  requestId: string;
  /** Token, store and API version of an API request (absent on control routes). */
  identity?: RequestIdentity;
  /** The request's JSON object body once read (`readJsonObject`), and its size in bytes. */
  body?: { readonly value: unknown; readonly bytes: number };
  /**
   * The JSON answer `setBody` made: the body it gave Koa (its text, or a kept list page's bytes),
   * the text the journal keeps, and its UTF-8 size when known (Koa's `Content-Length`, or the
   * bytes' length), so the journal does not measure it again.
   */
  answer?: { readonly sent: string | Buffer; readonly text: string; readonly bytes?: number };
}
