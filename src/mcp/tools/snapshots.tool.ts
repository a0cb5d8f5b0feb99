/** Tools for named in-memory snapshots: keep a store's state, put it back. */
import * as z from 'zod';
import { controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

const snapshotName = () => z.string().min(1).max(100).describe("The snapshot's name");

export const snapshotTools: ToolModule = (server, target) => {
  server.registerTool(
    'save_snapshot',
    {
      title: 'Save a snapshot',
      description:
        "Keeps the store's whole state (data, clock, jobs, webhooks) under a name; one of the same name is replaced.",
      inputSchema: { store_token: storeToken(), name: snapshotName() },
    },
    ({ store_token, name }) =>
      answer(async () => {
        const snapshot = await controlOf(target, store_token).saveSnapshot(name);
        return `saved snapshot "${snapshot.name}" of store ${snapshot.store_id} at ${snapshot.taken_at} (${snapshot.records} records)`;
      }),
  );

  server.registerTool(
    'restore_snapshot',
    {
      title: 'Restore a snapshot',
      description: 'Puts the store back to a named snapshot (its tokens and secret stay).',
      inputSchema: { store_token: storeToken(), name: snapshotName() },
    },
    ({ store_token, name }) =>
      answer(async () => {
        const store = await controlOf(target, store_token).restoreNamedSnapshot(name);
        return `store ${store.id} restored to "${name}": clock ${store.clock.now}, ${store.counts.customers} customers`;
      }),
  );

  server.registerTool(
    'list_snapshots',
    {
      title: 'List snapshots',
      description: "The store's named snapshots.",
      inputSchema: { store_token: storeToken() },
      annotations: { readOnlyHint: true },
    },
    ({ store_token }) =>
      answer(async () => {
        const snapshots = await controlOf(target, store_token).listSnapshots();
        if (snapshots.length === 0) return 'no snapshots';
        return snapshots.map((s) => `"${s.name}" taken at ${s.taken_at} (${s.records} records)`);
      }),
  );
};
