/**
 * Snapshots of the calling store: export and import it whole, or keep named copies in memory so a
 * test suite can go back to a seeded state between tests (src/store/snapshots.ts).
 */
import { Readable } from 'node:stream';
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { ApiError } from '../errors/api-error.js';
import { errors } from '../errors/messages.js';
import { MAX_BODY_DEPTH } from '../http/body.js';
import { JSON_TYPE } from '../http/answer-body.js';
import { parseWith } from '../errors/validation.js';
import {
  namedSnapshots,
  parseSnapshot,
  restoreNamedSnapshot,
  restoreSnapshot,
  saveNamedSnapshot,
  snapshotSchemas,
  SNAPSHOT_COLUMNAR_VERSION,
  SNAPSHOT_VERSION,
  type NamedSnapshot,
} from '../store/snapshots.js';
import { readSnapshot, snapshotChunks } from '../store/snapshot-stream.js';
import type { ControlEndpoint } from './control.types.js';
import { describeStore } from './stores.routes.js';

/** A whole store's document can be far larger than an API request. */
export const SNAPSHOT_BODY_LIMIT = '512mb';
const SNAPSHOT_BODY_LIMIT_BYTES = 512 * 1024 * 1024;

/**
 * A snapshot wraps records a few levels deeper than the API bodies that made them
 * (`store.collections.customers[0]...`), so it may nest deeper than an API body.
 */
export const SNAPSHOT_BODY_DEPTH = MAX_BODY_DEPTH + 16;

const SNAPSHOT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The request schemas of these routes, built on first use (src/platform/first-use.ts). */
const snapshotRouteSchemas = onFirstUse(() => {
  const nameSchema = z
    .string()
    .regex(SNAPSHOT_NAME, 'Letters, digits, ".", "_" and "-", starting with a letter or digit; at most 100.');

  const saveBody = z.object({ name: nameSchema }).strict();

  /**
   * Version 1 stays the default: `ControlClient.snapshot()` callers read records from the document
   * (decision 0029); `exportSnapshot` asks for the columnar version 2, which `PUT` takes as well.
   */
  const exportQuery = z.object({
    version: z
      .enum(['1', '2'])
      .transform((value) => (value === '2' ? SNAPSHOT_COLUMNAR_VERSION : SNAPSHOT_VERSION))
      .optional()
      .describe(
        'Layout of the document: 1 (records as objects, the default) or 2 (columnar: each collection names its fields once)',
      ),
  });
  return { save: saveBody, export: exportQuery };
});

const isJsonObject = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function summary(name: string, snapshot: NamedSnapshot) {
  const { taken_at, store_id, records } = snapshot;
  return { name, taken_at, store_id, records };
}

/** 404 naming the snapshot that is not there, and where the ones there are are listed. */
function noSnapshot(store: Parameters<typeof namedSnapshots>[0], name: string): ApiError {
  const kept = [...namedSnapshots(store).keys()];
  return new ApiError(404, {
    error: `No snapshot named ${JSON.stringify(name)} in store ${store.id}; ${
      kept.length ? `it has ${kept.map((k) => JSON.stringify(k)).join(', ')}` : 'it has none'
    } (GET /_emulator/snapshots lists them).`,
  });
}

function named(store: Parameters<typeof namedSnapshots>[0], name: string | undefined): NamedSnapshot {
  const snapshot = name === undefined ? undefined : namedSnapshots(store).get(name);
  if (!snapshot) throw noSnapshot(store, name ?? '');
  return snapshot;
}

export const snapshotControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/snapshot',
    access: 'store',
    summary:
      'Export the calling store whole (data, clock, scheduled jobs, webhooks and deliveries, settings) as versioned JSON; ?version=2 for the columnar layout',
    query: () => snapshotRouteSchemas().export,
    handle: async ({ store, query }) => {
      const { version } = parseWith(snapshotRouteSchemas().export, query);
      return {
        // Streamed (src/store/snapshot-stream.ts): a record a line, or a line of rows in version 2.
        body: Readable.from(await snapshotChunks(store, version)),
        headers: { 'Content-Type': JSON_TYPE },
      };
    },
  },
  {
    method: 'PUT',
    path: '/snapshot',
    access: 'store',
    summary:
      "Replace the calling store's state with a snapshot document (its tokens, secret and name stay); 422 for a malformed one",
    body: () => snapshotSchemas().document,
    bodyOptions: { limit: SNAPSHOT_BODY_LIMIT, maxDepth: SNAPSHOT_BODY_DEPTH },
    streamsBody: true,
    handle: async ({ deps, store, bodyStream }) => {
      const body = await readSnapshot(bodyStream ?? [], {
        limitBytes: SNAPSHOT_BODY_LIMIT_BYTES,
        limitText: SNAPSHOT_BODY_LIMIT,
        maxDepth: SNAPSHOT_BODY_DEPTH,
      });
      if (!isJsonObject(body)) throw errors.bodyNotObject(body);
      await restoreSnapshot(store, parseSnapshot(body));
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
  {
    method: 'GET',
    path: '/snapshots',
    access: 'store',
    summary: 'The named in-memory snapshots of the calling store',
    handle: ({ store }) => ({
      body: {
        snapshots: [...namedSnapshots(store)].map(([name, snapshot]) => summary(name, snapshot)),
      },
    }),
  },
  {
    method: 'POST',
    path: '/snapshots',
    access: 'store',
    summary: 'Keep a named in-memory snapshot of the calling store (replaces one of the same name)',
    status: 201,
    body: () => snapshotRouteSchemas().save,
    handle: async ({ store, body }) => {
      const { name } = parseWith(snapshotRouteSchemas().save, body);
      const snapshot = await saveNamedSnapshot(store, name);
      return { status: 201, body: { snapshot: summary(name, snapshot) } };
    },
  },
  {
    method: 'POST',
    path: '/snapshots/:name/restore',
    access: 'store',
    summary: 'Put the calling store back to a named snapshot',
    handle: async ({ deps, store, params }) => {
      if (!(await restoreNamedSnapshot(store, params.name ?? ''))) throw noSnapshot(store, params.name ?? '');
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
  {
    method: 'DELETE',
    path: '/snapshots/:name',
    access: 'store',
    summary: 'Forget a named snapshot',
    status: 204,
    handle: ({ store, params }) => {
      named(store, params.name);
      namedSnapshots(store).delete(params.name ?? '');
      return { status: 204 };
    },
  },
];
