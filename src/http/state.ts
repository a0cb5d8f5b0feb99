import type { Authenticated } from '../store/registry.js';
import type { ApiVersion } from '../store/versions.js';

/** What the middleware chain learns about a request, in order. */
export interface AppState {
  requestId: string;
  auth?: Authenticated;
  version?: ApiVersion;
}
