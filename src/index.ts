/** The public programmatic API of billing-emulator. */
export { createEmulator } from './emulator.js';
export { HTTP_TIMEOUTS, type Emulator, type EmulatorOptions, type HttpTimeouts } from './emulator.options.js';
export {
  ControlClient,
  ControlError,
  InboxClient,
  type AdvanceInput,
  type AdvanceReport,
  type ControlClientOptions,
  type CreatedStore,
  type CreditAccountInput,
  type CreditAccountRecord,
  type CreditAdjustmentInput,
  type CreditAdjustmentRecord,
  type CreateStoreInput,
  type DeliveryAttempt,
  type DeliveryFilter,
  type FaultAction,
  type FaultMatch,
  type FaultRecord,
  type FaultRuleInput,
  type FaultRuleView,
  type FaultWhen,
  type InboxEntry,
  type InboxSummary,
  type InboxView,
  type IssuedToken,
  type NamedSnapshot,
  type PaymentToken,
  type ScenarioInfo,
  type JournalEntryView,
  type JournalFilter,
  type SentNotification,
  type StoreCounts,
  type StoreInfo,
  type StoreSnapshot,
  type WebhookDelivery,
  type WebhookInfo,
  type WebhookCheckInput,
  type WebhookCheckReport,
  type CheckResult,
  type SentDelivery,
} from './client/client.js';
export { createApp, type AppDeps } from './app.js';
export type { PersistenceHealth } from './platform/persistence/write-health.js';
export { API_VERSIONS, type ApiVersion } from './model/versions.js';
export { SCOPES, type Scope } from './store/scopes.js';
/**
 * Webhook signatures: `signWebhook(rawBody, clientSecret)` gives the `X-Service-Hmac-Sha256` value
 * (lowercase hex `sha256(clientSecret + rawBody)`); `verifyWebhook(rawBody, header, clientSecret)`
 * checks one in constant time and never throws.
 *
 * @example
 * import { verifyWebhook } from 'billing-emulator';
 * const ok = verifyWebhook(rawBody, request.headers['x-service-hmac-sha256'], emulator.clientSecret);
 */
export { signWebhook, verifyWebhook } from './platform/webhooks/signature.js';
