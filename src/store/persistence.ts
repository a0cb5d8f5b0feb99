/**
 * How the registry is kept in `--data` (docs/decisions/0025): which persistence, how its state
 * changes are logged, and the registry document the files hold at start-up.
 */
import type { Logger } from '../platform/logger.js';
import { Database, type Persistence } from '../platform/persistence/database.js';
import { WholeFileDatabase } from '../platform/persistence/whole-file.js';
import type { PersistenceHealth } from '../platform/persistence/write-health.js';
import { REGISTRY_LAYOUT } from './registry-changes.js';
import { replayChanges } from './registry-replay.js';
import type { RegistryDoc } from './registry.js';

/** Tuning of the data files for tests and benchmarks; users keep the defaults. */
export interface StorageTuning {
  /** `whole-file`: the writes before decision 0025 (the whole store every flush interval), to compare with. */
  readonly engine?: 'log' | 'whole-file';
  /** Share of the base the log may reach before it is folded in (default 0.5). */
  readonly compactRatio?: number;
  /** Size the log may always reach (default 1 MiB). */
  readonly compactMinBytes?: number;
  /** Told how long each stretch of persistence work held the event loop, in ms (benchmarks). */
  readonly onSlice?: (ms: number) => void;
  /** Told after each write how long its oldest change waited to be written, in ms (benchmarks). */
  readonly onWritten?: (waitedMs: number) => void;
}

export interface StorageOptions {
  readonly data?: string;
  readonly flushIntervalMs?: number;
  readonly storage?: StorageTuning;
}

/**
 * The persistence of `options.data` (in memory without it), logging each change of its state.
 *
 * @example
 * const database = persistenceFor({ data: 'shop.json' }, logger); // shop.json and shop.json.log
 */
export function persistenceFor(options: StorageOptions, logger: Logger): Persistence {
  const onStateChange = logPersistence(logger);
  if (options.data !== undefined && options.storage?.engine === 'whole-file')
    return new WholeFileDatabase(options.data, options.flushIntervalMs, onStateChange);
  return new Database({
    file: options.data,
    flushIntervalMs: options.flushIntervalMs,
    compactRatio: options.storage?.compactRatio,
    compactMinBytes: options.storage?.compactMinBytes,
    onSlice: options.storage?.onSlice,
    onWritten: options.storage?.onWritten,
    layout: REGISTRY_LAYOUT,
    onStateChange,
  });
}

/** Logs a change of the data files' state: once when writes start failing, once when they work again. */
function logPersistence(logger: Logger): (health: PersistenceHealth) => void {
  return (health) => {
    if (health.state === 'failing')
      logger.error(
        { persistence: health },
        'writing the data files failed; GET /_emulator/health answers 503 until a write works again',
      );
    else logger.warn({ persistence: health }, 'writing the data files works again');
  };
}

/**
 * The registry document the data files hold (the base with its log replayed), or null when there
 * are none yet. A file that cannot be read is reported and left as it is.
 *
 * @example
 * const doc = await readStored(database, 'shop.json'); // null on the first start
 */
export async function readStored(
  database: Persistence,
  file: string | undefined,
): Promise<RegistryDoc | null> {
  const cannotRead = (error: unknown) =>
    new Error(`Cannot read the data file ${file}: ${(error as Error).message}`, { cause: error });
  let stored;
  try {
    stored = await database.open();
  } catch (error) {
    throw cannotRead(error);
  }
  if (stored === null) return null;
  const base = stored.base as RegistryDoc | null;
  if (typeof base !== 'object' || base === null || base.format !== 1 || !Array.isArray(base.stores))
    throw new Error(`The data file ${file} is not a billing-emulator store file.`);
  try {
    return replayChanges(base, stored.batches);
  } catch (error) {
    throw cannotRead(error);
  }
}
