/**
 * createEmulator(options): the one place that wires stores, persistence, the app and the HTTP
 * server together. The CLI and in-process users both start the emulator through it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { ControlClient } from './client/client.js';
import { headerNames, isHeaderPrefix } from './http/headers.js';
import { parseAllowedHosts } from './http/allowed-hosts.js';
import { defaultLogger, type Logger } from './platform/logger.js';
import { persistenceFor } from './store/persistence.js';
import { checkDataLocation } from './platform/persistence/data-location.js';
import { runRealtimeStores } from './store/realtime.js';
import { httpServerOptions, type Emulator, type EmulatorOptions } from './emulator.options.js';
import { loadRegistry, subscribeToEverything } from './emulator.stores.js';

function loggerOf(option: EmulatorOptions['logger']): Logger {
  return option && typeof option === 'object' ? option : defaultLogger(option);
}

/**
 * Starts an emulator and resolves once it listens.
 *
 * @example
 * const emulator = await createEmulator({ port: 0 });
 * const res = await fetch(`${emulator.url}/customers`, { headers: { 'X-Service-Access-Token': emulator.token } });
 * await emulator.close();
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const prefix = options.headerPrefix ?? 'Service';
  if (!isHeaderPrefix(prefix)) throw new Error(`Invalid header prefix: ${prefix}`);
  const logger = loggerOf(options.logger);
  if (options.data !== undefined) await checkDataLocation(options.data);
  const database = persistenceFor(options, logger);
  const headers = headerNames(prefix);
  const { registry, loaded } = await loadRegistry(options, database, headers);
  if (options.webhookUrl) subscribeToEverything(registry.defaultStore, options.webhookUrl);
  const self: { url?: string } = {};
  const closingSignal = new AbortController();
  const app = createApp({
    registry,
    headers,
    logger,
    adminToken: options.adminToken,
    allowedHosts: options.allowedHosts === 'all' ? 'all' : parseAllowedHosts(options.allowedHosts),
    selfUrl: () => self.url,
    persistence: database,
    closing: closingSignal.signal,
    outbound: { allowMetadataAddresses: options.allowMetadataAddresses, lookup: options.outboundLookup },
  });
  const server = createServer(httpServerOptions(options.httpTimeouts), app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  await database.flush();

  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  self.url = url;
  const store = registry.defaultStore;
  const token = options.token ?? store.tokens[0]?.token ?? '';
  let closing: Promise<void> | null = null;
  const stopRealtime = runRealtimeStores(registry, logger);
  return {
    url,
    token,
    clientSecret: store.clientSecret,
    storeId: store.id,
    apiVersion: store.settings.default_api_version,
    loaded,
    control: new ControlClient({ baseUrl: url, token, adminToken: options.adminToken, headerPrefix: prefix }),
    server,
    close: () => {
      closing ??= (async () => {
        stopRealtime();
        // Open streams end now, so their clients (a dashboard) do not hold the close up.
        closingSignal.abort();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 500).unref();
        });
        await database.close();
      })();
      return closing;
    },
  };
}
