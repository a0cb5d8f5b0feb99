/** The public programmatic API of billing-emulator. */
export { createEmulator, type Emulator, type EmulatorOptions } from './emulator.js';
export {
  ControlClient,
  ControlError,
  type AdvanceInput,
  type AdvanceReport,
  type ControlClientOptions,
  type CreatedStore,
  type CreateStoreInput,
  type IssuedToken,
  type StoreInfo,
} from './control/client.js';
export { createApp, type AppDeps } from './app.js';
export { API_VERSIONS, type ApiVersion } from './store/versions.js';
export { SCOPES, type Scope } from './store/scopes.js';
