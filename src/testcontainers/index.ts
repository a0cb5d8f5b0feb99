/**
 * `billing-emulator/testcontainers`: the emulator's Docker image as a testcontainers module.
 * Needs the `testcontainers` package (an optional peer dependency).
 *
 * @example
 * import { BillingEmulatorContainer } from 'billing-emulator/testcontainers';
 * const emulator = await new BillingEmulatorContainer().withToken('test-token').start();
 */
export { BillingEmulatorContainer, type LogLevel } from './billing-emulator-container.js';
export { StartedBillingEmulatorContainer } from './started-billing-emulator-container.js';
export {
  CONTAINER_OPTIONS,
  CONTAINER_PORT,
  DEFAULT_DATA_FILE,
  DEFAULT_IMAGE,
  type ContainerOption,
} from './options.js';
