import type { RequestIdentity } from './auth.middleware.js';

/** What the middleware chain learns about a request. */
export interface AppState {
  requestId: string;
  /** Token, store and API version of an API request (absent on control routes). */
  identity?: RequestIdentity;
  /** The request's JSON object body once read (`readJsonObject`), and its size in bytes. */
  body?: { readonly value: unknown; readonly bytes: number };
  /**
   * The JSON answer `setBody` made: its text, which Koa sends and the journal keeps, and its UTF-8
   * size as Koa measured it (`Content-Length`), so the journal does not measure it again.
   */
  answer?: { readonly text: string; readonly bytes?: number };
}
