/** A running BillingEmulatorContainer: its base URL, default store credentials and control client. */
import {
  AbstractStartedContainer,
  type RestartOptions,
  type StartedTestContainer,
  type StopOptions,
  type StoppedTestContainer,
} from 'testcontainers';
import { ControlClient } from '../client/client.js';
import { dashboardUrl, parseStartBanners, type StartBanner } from '../cli/start-banner.js';
import { CONTAINER_PORT } from './options.js';

/** Time given to the emulator to stop on SIGTERM (and write `--data`) before it is killed. */
const GRACEFUL_STOP_MS = 10_000;

interface ClientSettings {
  readonly adminToken?: string;
  readonly headerPrefix?: string;
}

/** Reads the `starts`-th start banner from the container's log (one per start or restart). */
async function readBanner(container: StartedTestContainer, starts: number): Promise<StartBanner> {
  const stream = await container.logs();
  let output = '';
  try {
    for await (const chunk of stream) {
      output += String(chunk);
      const banner = parseStartBanners(output)[starts - 1];
      if (banner) return banner;
    }
  } finally {
    stream.destroy();
  }
  throw new Error(`billing-emulator printed no start banner; its log:\n${output}`);
}

export class StartedBillingEmulatorContainer extends AbstractStartedContainer {
  private starts = 1;

  private constructor(
    started: StartedTestContainer,
    private banner: StartBanner,
    private readonly settings: ClientSettings,
  ) {
    super(started);
  }

  /** Wraps a started container once its banner (token, client secret) has been printed. */
  static async attach(
    started: StartedTestContainer,
    settings: ClientSettings,
  ): Promise<StartedBillingEmulatorContainer> {
    return new StartedBillingEmulatorContainer(started, await readBanner(started, 1), settings);
  }

  /** Base URL from the host, e.g. `http://localhost:32768`. */
  getBaseUrl(): string {
    return `http://${this.getHost()}:${this.getMappedPort(CONTAINER_PORT)}`;
  }

  /** The dashboard from the host, e.g. `http://localhost:32768/_emulator/ui` (asks for the admin token when there is one). */
  getDashboardUrl(): string {
    return dashboardUrl(this.getBaseUrl());
  }

  /** Access token of the default store (every scope). */
  getToken(): string {
    return this.banner.token;
  }

  /** Client secret of the default store: webhooks are signed with it (`verifyWebhook`). */
  getClientSecret(): string {
    return this.banner.clientSecret;
  }

  getStoreId(): number {
    return this.banner.storeId;
  }

  /** Default API version of the default store. */
  getApiVersion(): string {
    return this.banner.apiVersion;
  }

  /** Name of the access-token header, e.g. `X-Service-Access-Token`. */
  getTokenHeader(): string {
    return this.banner.tokenHeader;
  }

  /** A typed control-API client bound to this container's default store (`forStore(token)` for others). */
  getControlClient(): ControlClient {
    return new ControlClient({
      baseUrl: this.getBaseUrl(),
      token: this.getToken(),
      adminToken: this.settings.adminToken,
      headerPrefix: this.settings.headerPrefix,
    });
  }

  /** Same as `getControlClient()`, like `emulator.control` in-process. */
  get control(): ControlClient {
    return this.getControlClient();
  }

  /** Stops with SIGTERM, giving the emulator time to write `--data` (testcontainers' default kills at once). */
  override stop(options: Partial<StopOptions> = {}): Promise<StoppedTestContainer> {
    return super.stop({ timeout: GRACEFUL_STOP_MS, ...options });
  }

  /**
   * Restarts with SIGTERM first. With `withData()` the stores survive; without it the default
   * store is new (the token stays only if given with `withToken`).
   */
  override async restart(options: Partial<RestartOptions> = {}): Promise<void> {
    await super.restart({ timeout: GRACEFUL_STOP_MS, ...options });
    this.starts += 1;
    this.banner = await readBanner(this.startedTestContainer, this.starts);
  }
}
