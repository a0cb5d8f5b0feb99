/**
 * BillingEmulatorContainer: the emulator's Docker image as a testcontainers container, configured
 * with fluent options and started once `/_emulator/health` answers.
 */
import { basename } from 'node:path';
import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';
import type { ApiVersion } from '../model/versions.js';
import {
  CONTAINER_OPTIONS,
  CONTAINER_PORT,
  DEFAULT_DATA_FILE,
  DEFAULT_IMAGE,
  type ContainerOption,
} from './options.js';
import { StartedBillingEmulatorContainer } from './started-billing-emulator-container.js';

/** Where `withScenario(file)` puts the file inside the container. */
const SCENARIO_DIR = '/tmp/billing-emulator-scenario';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * @example
 * const emulator = await new BillingEmulatorContainer('billing-emulator:latest')
 *   .withApiVersion('2021-01')
 *   .withToken('test-token')
 *   .start();
 * await fetch(`${emulator.getBaseUrl()}/customers`, { headers: { 'X-Service-Access-Token': emulator.getToken() } });
 * await emulator.control.advanceClock({ days: 30 });
 * await emulator.stop();
 */
export class BillingEmulatorContainer extends GenericContainer {
  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(CONTAINER_PORT)
      .withWaitStrategy(
        Wait.forAll([
          // 503 is a started emulator whose --data writes fail: it serves and says so on health.
          Wait.forHttp('/_emulator/health', CONTAINER_PORT).forStatusCodeMatching(
            (status) => status === 200 || status === 503,
          ),
          Wait.forLogMessage(/ {2}header: /),
        ]),
      )
      .withStartupTimeout(60_000);
  }

  /** Sets the BILLING_EMULATOR_* variable of `option`. */
  private withOption(option: ContainerOption, value: string | number): this {
    return this.withEnvironment({ [CONTAINER_OPTIONS[option]]: String(value) });
  }

  /** Access token of the default store (`--token`; random when not given). */
  withToken(token: string): this {
    return this.withOption('token', token);
  }

  /** Default API version of the default store and of stores created later (`--api-version`). */
  withApiVersion(version: ApiVersion): this {
    return this.withOption('apiVersion', version);
  }

  /** Seed of tokens, secrets and hashes (`--seed`): the same seed gives the same values. */
  withSeed(seed: number): this {
    return this.withOption('seed', seed);
  }

  /** Require `Authorization: Bearer <token>` on the control API (`--admin-token`); the bound client sends it. */
  withAdminToken(token: string): this {
    return this.withOption('adminToken', token);
  }

  /**
   * Host names the emulator answers to besides `localhost`, IP literals and dotless names
   * (`--allowed-hosts`): a Docker host reached by a dotted name (`DOCKER_HOST=tcp://docker.ci.example`),
   * or another container calling it by a dotted alias. `.example.com` allows its subdomains too;
   * `all` turns the check off.
   */
  withAllowedHosts(...hosts: string[]): this {
    return this.withOption('allowedHosts', hosts.join(','));
  }

  /** Middle word of the custom headers (`--header-prefix`), e.g. `Recharge` for `X-Recharge-Access-Token`. */
  withHeaderPrefix(prefix: string): this {
    return this.withOption('headerPrefix', prefix);
  }

  /**
   * Word for the platform of the default store and of stores created later (`--platform-word`), e.g.
   * `shopify` for `shopify_product_id`: with `withHeaderPrefix('Recharge')`, a client of the real
   * service runs unchanged.
   */
  withPlatformWord(word: string): this {
    return this.withOption('platformWord', word);
  }

  /** Names for neutral values of every store (`--value-names`), e.g. `{ platform_a: 'shopify' }`. */
  withValueNames(names: Readonly<Record<string, string>>): this {
    return this.withOption(
      'valueNames',
      Object.entries(names)
        .map(([neutral, name]) => `${neutral}=${name}`)
        .join(','),
    );
  }

  /**
   * Persist every store to `file` (`--data`), by default on the image's `/data` volume. Mount a
   * host directory there (`withBindMounts`) to keep it after the container is removed.
   */
  withData(file: string = DEFAULT_DATA_FILE): this {
    return this.withOption('data', file);
  }

  /** Longest wait in ms before a change is appended to the data file's log (`--flush-interval`). */
  withFlushInterval(ms: number): this {
    return this.withOption('flushInterval', ms);
  }

  /** Level of the JSON log on the container's stderr (`--log-level`). */
  withLogLevel(level: LogLevel): this {
    return this.withOption('logLevel', level);
  }

  /**
   * Subscribes the default store to every webhook topic at `url` (`--webhook-url`). A receiver on
   * the host is reachable as `http://host.testcontainers.internal:<port>` once the port is exposed
   * with `TestContainers.exposeHostPorts(port)`.
   */
  withWebhookUrl(url: string): this {
    return this.withOption('webhookUrl', url);
  }

  /**
   * Seeds the default store from a scenario (`--scenario`): a built-in's name (`small-shop`,
   * `dunning`, ...) or a scenario or fixture file on this machine, which is copied into the
   * container. A scenario that names a fixture file by a relative path needs that file beside it:
   * copy it too with `withCopyFilesToContainer` into `/tmp/billing-emulator-scenario/`.
   */
  withScenario(nameOrFile: string): this {
    if (!/[/\\.]/.test(nameOrFile)) return this.withOption('scenario', nameOrFile);
    const target = `${SCENARIO_DIR}/${basename(nameOrFile)}`;
    return this.withCopyFilesToContainer([{ source: nameOrFile, target, mode: 0o644 }]).withOption(
      'scenario',
      target,
    );
  }

  /**
   * The service's rate limit on the default store (`--rate-limit`): a bucket per token, 40 calls
   * deep, draining 2 a second, unless sized here.
   */
  withRateLimit(bucket: { size?: number; leakPerSecond?: number } = {}): this {
    this.withOption('rateLimit', 'true');
    if (bucket.size !== undefined) this.withOption('rateLimitSize', bucket.size);
    return bucket.leakPerSecond === undefined ? this : this.withOption('rateLimitLeak', bucket.leakPerSecond);
  }

  /** Requests the default store's journal keeps (`--journal-size`; 0 records none). */
  withJournalSize(size: number): this {
    return this.withOption('journalSize', size);
  }

  override async start(): Promise<StartedBillingEmulatorContainer> {
    // The name this machine reaches the container by (getBaseUrl) is always answered, even a
    // dotted one (a remote DOCKER_HOST): the emulator answers only hosts it knows.
    const given = this.environment[CONTAINER_OPTIONS.allowedHosts];
    const runtimeHost = (await getContainerRuntimeClient()).info.containerRuntime.host;
    this.withOption('allowedHosts', given ? `${given},${runtimeHost}` : runtimeHost);
    const env = { ...this.environment };
    return StartedBillingEmulatorContainer.attach(await super.start(), {
      adminToken: env[CONTAINER_OPTIONS.adminToken],
      headerPrefix: env[CONTAINER_OPTIONS.headerPrefix],
    });
  }
}
