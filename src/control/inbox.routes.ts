/**
 * `/_emulator/inbox/<name>`: the built-in webhook inbox (src/control/inbox.ts). A POST there is a
 * delivery (any body, no token needed, so `--webhook-url` and `POST /webhooks` can point at it); the
 * other routes read what arrived, choose the status it answers, and empty it.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { ApiError } from '../errors/api-error.js';
import { errors } from '../errors/messages.js';
import { parseWith } from '../errors/validation.js';
import { limitParam } from './limit-param.js';
import { inboxesOf, INBOX_NAME, MAX_ENTRIES, MAX_INBOXES, TooManyInboxes, type InboxState } from './inbox.js';
import {
  CONTROL_PREFIX,
  type ControlDeps,
  type ControlEndpoint,
  type ControlRequest,
} from './control.types.js';

/** The request schemas of these routes, built on first use (src/platform/first-use.ts). */
const inboxSchemas = onFirstUse(() => {
  const statusBody = z
    .object({
      status: z
        .number()
        .int()
        .min(200)
        .max(599)
        .describe(
          'The status the inbox answers from now on: 200 (the default), or e.g. 500 to make deliveries fail',
        ),
    })
    .strict();

  const readQuery = z.object({
    topic: z.string().min(1).optional().describe('Only requests with this topic header'),
    limit: limitParam(MAX_ENTRIES).describe(`The newest this many (default and most: ${MAX_ENTRIES})`),
  });
  return { status: statusBody, read: readQuery };
});

/** The inbox's name from the path; another name is no inbox (404). */
function nameOf(params: Readonly<Record<string, string>>): string {
  const name = params.name ?? '';
  if (!INBOX_NAME.test(name)) throw errors.notFound();
  return name;
}

/** Where a store's webhooks reach the inbox: the emulator's own loopback URL when it listens. */
export function inboxUrl(request: Pick<ControlRequest, 'deps' | 'origin'>, name: string): string {
  return `${request.deps.selfUrl?.() ?? request.origin}${CONTROL_PREFIX}/inbox/${name}`;
}

/** An inbox without its requests (the list, a change of status). */
function summaryOf(request: Pick<ControlRequest, 'deps' | 'origin'>, inbox: InboxState) {
  return {
    name: inbox.name,
    url: inboxUrl(request, inbox.name),
    status: inbox.status,
    received: inbox.received,
  };
}

/** Runs `open` (which may create an inbox); one more than the limit is refused with 429. */
function withRoom<T>(open: () => T): T {
  try {
    return open();
  } catch (error) {
    if (!(error instanceof TooManyInboxes)) throw error;
    throw new ApiError(429, {
      error: `This emulator keeps at most ${MAX_INBOXES} inboxes; delete one (DELETE /_emulator/inbox/{name}) first.`,
    });
  }
}

const inboxes = (deps: ControlDeps) => inboxesOf(deps.registry);

export const inboxControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/inbox',
    access: 'admin',
    summary: 'The webhook inboxes of this emulator: name, URL, the status each answers, requests received',
    handle: (request) => ({
      body: {
        inboxes: inboxes(request.deps)
          .list()
          .map((inbox) => summaryOf(request, inbox)),
      },
    }),
  },
  {
    method: 'POST',
    path: '/inbox/:name',
    access: 'public',
    summary:
      'A webhook inbox: keeps the request (headers, body, whether it is signed by one of the stores) and answers the status it was told (200); no token needed',
    rawBody: true,
    handle: ({ deps, params, received }) => {
      const name = nameOf(params);
      const entry = withRoom(() =>
        inboxes(deps).receive(name, received ?? { headers: {}, bytes: Buffer.alloc(0) }, deps.headers),
      );
      const ok = entry.answered < 300;
      return {
        status: entry.answered,
        body: ok
          ? { received: entry.id, inbox: name }
          : { error: `This inbox answers ${entry.answered}, as told (PUT /_emulator/inbox/${name}).` },
      };
    },
  },
  {
    method: 'GET',
    path: '/inbox/:name',
    access: 'inbox',
    summary:
      'What an inbox received, newest first: each request with its headers, body and signature check; filters topic, limit',
    query: () => inboxSchemas().read,
    handle: (request) => {
      const { topic, limit } = parseWith(inboxSchemas().read, request.query);
      const inbox = inboxes(request.deps).view(nameOf(request.params));
      const entries = inbox.entries
        .filter((entry) => topic === undefined || entry.topic === topic)
        .reverse()
        .slice(0, limit ?? MAX_ENTRIES);
      return { body: { inbox: { ...summaryOf(request, inbox), entries } } };
    },
  },
  {
    method: 'PUT',
    path: '/inbox/:name',
    access: 'inbox',
    summary: 'Choose the status an inbox answers (200 by default; 500 makes deliveries fail and retry)',
    body: () => inboxSchemas().status,
    handle: (request) => {
      const { status } = parseWith(inboxSchemas().status, request.body);
      const name = nameOf(request.params);
      const inbox = withRoom(() => inboxes(request.deps).setStatus(name, status));
      return { body: { inbox: summaryOf(request, inbox) } };
    },
  },
  {
    method: 'DELETE',
    path: '/inbox/:name',
    access: 'inbox',
    summary: 'Forget an inbox: what it received and the status it was told',
    status: 204,
    handle: ({ deps, params }) => {
      inboxes(deps).delete(nameOf(params));
      return { status: 204 };
    },
  },
];
