/**
 * `POST /_emulator/parity/run`: replays an uploaded recording (HAR) against a new store of this
 * emulator and answers the parity report (docs/parity.md), as `billing-emulator verify --url` does;
 * the dashboard's Parity screen calls it.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { parseWith } from '../errors/validation.js';
import type { ControlEndpoint } from './control.types.js';
import { describeStore } from './stores.routes.js';

/** A recording of a long session is a few megabytes of text. */
const PARITY_BODY_LIMIT = '64mb';

/** The body of a parity check, built on first use (src/platform/first-use.ts). */
const runBody = onFirstUse(() =>
  z
    .object({
      text: z.string().min(1).describe('The recording: a HAR file'),
      file_name: z.string().min(1).max(255).optional().describe('Names the store of the replay'),
      allow: z.string().optional().describe('An allow-list (YAML): differences that do not fail the check'),
    })
    .strict(),
);

export const parityControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/parity/run',
    access: 'admin',
    summary:
      'Replay a recording (HAR) against a new store of this emulator and answer the parity report ' +
      '(every difference from the recorded answers), the store and its token',
    status: 201,
    body: runBody,
    bodyOptions: { limit: PARITY_BODY_LIMIT },
    handle: async ({ deps, body }) => {
      const input = parseWith(runBody(), body);
      const baseUrl = deps.selfUrl?.();
      if (!baseUrl) throw errors.field('text', 'This emulator is not listening on a port it can call.');
      // Loaded on first use: nothing of the replay is needed to start.
      const { parseAllowList, AllowListError } = await import('../parity/allow-list.js');
      const { RecordingError } = await import('../parity/har.js');
      const { verifyRecording } = await import('../parity/verify.js');
      let allow;
      try {
        allow = input.allow === undefined ? undefined : parseAllowList(input.allow, 'allow');
      } catch (error) {
        if (error instanceof AllowListError) throw errors.field('allow', error.message);
        throw error;
      }
      let created: { id: number; token: string } | undefined;
      try {
        const report = await verifyRecording(input.text, {
          url: baseUrl,
          adminToken: deps.adminToken,
          allow,
          storeName: `Parity ${input.file_name ?? 'upload'}`,
          onStore: (store) => (created = store),
        });
        const store = created ? deps.registry.get(created.id) : undefined;
        return {
          status: 201,
          body: { store: store ? describeStore(store, deps.registry) : null, token: created?.token, report },
        };
      } catch (error) {
        if (error instanceof RecordingError) throw errors.field('text', error.message);
        throw error;
      }
    },
  },
];
