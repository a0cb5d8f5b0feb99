/**
 * Container options as data: each `with*` option of BillingEmulatorContainer sets one
 * BILLING_EMULATOR_* variable that `billing-emulator start` reads (every CLI option has one).
 * A new CLI option becomes a container option with one line here and a one-line `with*` method.
 */
export const CONTAINER_OPTIONS = {
  token: 'BILLING_EMULATOR_TOKEN',
  apiVersion: 'BILLING_EMULATOR_API_VERSION',
  seed: 'BILLING_EMULATOR_SEED',
  adminToken: 'BILLING_EMULATOR_ADMIN_TOKEN',
  allowedHosts: 'BILLING_EMULATOR_ALLOWED_HOSTS',
  headerPrefix: 'BILLING_EMULATOR_HEADER_PREFIX',
  platformWord: 'BILLING_EMULATOR_PLATFORM_WORD',
  valueNames: 'BILLING_EMULATOR_VALUE_NAMES',
  data: 'BILLING_EMULATOR_DATA',
  flushInterval: 'BILLING_EMULATOR_FLUSH_INTERVAL',
  logLevel: 'BILLING_EMULATOR_LOG_LEVEL',
  webhookUrl: 'BILLING_EMULATOR_WEBHOOK_URL',
  scenario: 'BILLING_EMULATOR_SCENARIO',
  rateLimit: 'BILLING_EMULATOR_RATE_LIMIT',
  rateLimitSize: 'BILLING_EMULATOR_RATE_LIMIT_SIZE',
  rateLimitLeak: 'BILLING_EMULATOR_RATE_LIMIT_LEAK',
  journalSize: 'BILLING_EMULATOR_JOURNAL_SIZE',
} as const;

export type ContainerOption = keyof typeof CONTAINER_OPTIONS;

/** The port the emulator listens on inside the image (its BILLING_EMULATOR_PORT). */
export const CONTAINER_PORT = 4010;

/** The data file `withData()` uses: on the image's `/data` volume. */
export const DEFAULT_DATA_FILE = '/data/billing-emulator.json';

/** The image `new BillingEmulatorContainer()` runs: build it with `docker build -t billing-emulator .` */
export const DEFAULT_IMAGE = 'billing-emulator:latest';
