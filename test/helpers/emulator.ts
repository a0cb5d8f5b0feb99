/**
 * One emulator per test file, and a fresh isolated store per test (stores are how parallel suites
 * share an emulator). Each store's clock starts at a fixed time so dates in assertions are stable.
 */
import { afterAll, beforeAll } from 'vitest';
import { createEmulator, type ApiVersion, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { Api } from './api.js';

export const START = '2025-01-15T12:00:00Z';

export interface TestStore {
  readonly api: Api;
  readonly token: string;
  readonly clientSecret: string;
  readonly storeId: number;
  readonly control: Emulator['control'];
}

export function useEmulator(options: EmulatorOptions = {}) {
  const holder: { emulator?: Emulator } = {};
  beforeAll(async () => {
    holder.emulator = await createEmulator({ port: 0, logger: 'silent', ...options });
  });
  afterAll(async () => {
    await holder.emulator?.close();
  });
  const emulator = (): Emulator => {
    if (!holder.emulator) throw new Error('emulator not started');
    return holder.emulator;
  };
  return {
    emulator,
    /** Creates an isolated store; its API client speaks `version` unless told otherwise. */
    async store(
      input: { version?: ApiVersion; settings?: Record<string, unknown>; now?: string } = {},
    ): Promise<TestStore> {
      const created = await emulator().control.createStore({
        settings: { default_api_version: input.version ?? '2021-11', ...input.settings },
        clock: { now: input.now ?? START },
      });
      return {
        api: new Api(emulator().url, created.token, input.version ?? '2021-11', options.headerPrefix),
        token: created.token,
        clientSecret: created.client_secret,
        storeId: created.store.id,
        control: emulator().control.forStore(created.token),
      };
    },
  };
}
