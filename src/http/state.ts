import type { RequestIdentity } from './auth.middleware.js';

/** What the middleware chain learns about a request. */
export interface AppState {
  requestId: string;
  /** Token, store and API version of an API request (absent on control routes). */
  identity?: RequestIdentity;
  /** The request's JSON object body once read (`readJsonObject`), and its size in bytes. */
  body?: { readonly value: unknown; readonly bytes: number };
  /**
   * The JSON answer `setBody` made: its bytes, which Koa sends as they are, and its text, which
   * the journal keeps. Encoded once, so neither Koa, nor Node, nor the journal measures the text.
   */
  answer?: { readonly text: string; readonly bytes: Buffer };
}
