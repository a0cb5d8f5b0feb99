/**
 * HAR 1.2 (the HTTP archive format) as the parity tools read it: a lenient parse of what recorders
 * write (ours, mitmproxy, Charles, Insomnia, browser devtools), keeping only what a replay needs,
 * into plain exchanges. Types of the full format come from `@types/har-format`.
 */
import type { Entry as HarEntry, Har } from 'har-format';
import * as z from 'zod';

export type { Har, HarEntry };

const header = z.object({ name: z.string(), value: z.string() });

/** The parts of an entry a replay reads; anything else a tool wrote is ignored. */
const entrySchema = z.object({
  startedDateTime: z.string().optional(),
  time: z.number().optional(),
  request: z.object({
    method: z.string().min(1),
    url: z.string().min(1),
    headers: z.array(header).default([]),
    postData: z
      .object({
        mimeType: z.string().optional(),
        text: z.string().optional(),
        params: z.array(z.object({ name: z.string(), value: z.string().optional() })).optional(),
      })
      .optional(),
  }),
  response: z.object({
    status: z.number().int(),
    headers: z.array(header).default([]),
    content: z
      .object({
        mimeType: z.string().optional(),
        text: z.string().optional(),
        encoding: z.string().optional(),
      })
      .default({}),
  }),
});

const harSchema = z.object({
  log: z.object({
    creator: z.object({ name: z.string(), version: z.string().optional() }).optional(),
    entries: z.array(z.unknown()),
    /** Written by `billing-emulator record`: the header prefix and what was redacted. */
    _billingEmulator: z
      .object({ header_prefix: z.string().optional(), redacted: z.array(z.string()).optional() })
      .optional(),
  }),
});

export interface HeaderPair {
  readonly name: string;
  readonly value: string;
}

/** One recorded request and its answer, as a replay reads it. */
export interface Exchange {
  /** Index of the entry in the recording (0-based). */
  readonly entry: number;
  readonly method: string;
  readonly url: URL;
  readonly requestHeaders: readonly HeaderPair[];
  /** The request body as sent (undefined without one). */
  readonly requestBody: string | undefined;
  readonly status: number;
  readonly responseHeaders: readonly HeaderPair[];
  /** The answer's body as text (decoded from base64 when the tool wrote it so). */
  readonly responseBody: string;
  /** When the request was sent, per the recording (epoch ms), when it says. */
  readonly startedMs: number | null;
}

/** An entry that cannot be replayed, and why. */
export interface UnreadableEntry {
  readonly entry: number;
  readonly reason: string;
}

export interface Recording {
  readonly creator: string;
  readonly exchanges: readonly Exchange[];
  readonly unreadable: readonly UnreadableEntry[];
  /** The header prefix our recorder wrote into the file, when it did. */
  readonly headerPrefix: string | undefined;
}

/** A recording that is not a HAR file at all. */
export class RecordingError extends Error {
  override name = 'RecordingError';
}

function problems(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`)
    .join('; ');
}

function bodyOf(content: { text?: string; encoding?: string }): string {
  const text = content.text ?? '';
  return content.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

function requestBodyOf(postData: z.output<typeof entrySchema>['request']['postData']): string | undefined {
  if (!postData) return undefined;
  if (postData.text !== undefined) return postData.text;
  if (!postData.params) return undefined;
  return new URLSearchParams(
    postData.params.map((param): [string, string] => [param.name, param.value ?? '']),
  ).toString();
}

/**
 * Reads a HAR document's entries into exchanges; entries that are not HTTP exchanges with an
 * answer (a blocked request, status 0) are listed as unreadable, not thrown.
 *
 * @example
 * const { exchanges } = readRecording(readFileSync('session.har', 'utf8'));
 * exchanges[0]?.method; // 'POST'
 */
export function readRecording(text: string): Recording {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new RecordingError(`Not a HAR file: ${(error as Error).message}`);
  }
  const parsed = harSchema.safeParse(document);
  if (!parsed.success) throw new RecordingError(`Not a HAR file (${problems(parsed.error)})`);
  const exchanges: Exchange[] = [];
  const unreadable: UnreadableEntry[] = [];
  parsed.data.log.entries.forEach((raw, index) => {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      unreadable.push({ entry: index, reason: `not a HAR entry (${problems(entry.error)})` });
      return;
    }
    const { request, response, startedDateTime } = entry.data;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      unreadable.push({ entry: index, reason: `its URL is not absolute: ${request.url}` });
      return;
    }
    if (response.status < 100) {
      unreadable.push({ entry: index, reason: `it has no answer (status ${response.status})` });
      return;
    }
    const started = startedDateTime === undefined ? NaN : Date.parse(startedDateTime);
    exchanges.push({
      entry: index,
      method: request.method.toUpperCase(),
      url,
      requestHeaders: request.headers,
      requestBody: requestBodyOf(request.postData),
      status: response.status,
      responseHeaders: response.headers,
      responseBody: bodyOf(response.content),
      startedMs: Number.isFinite(started) ? started : null,
    });
  });
  const creator = parsed.data.log.creator;
  return {
    creator: creator ? `${creator.name}${creator.version ? ` ${creator.version}` : ''}` : 'unknown',
    exchanges,
    unreadable,
    headerPrefix: parsed.data.log._billingEmulator?.header_prefix,
  };
}

/**
 * The value of a header (names compared case-insensitively, as HTTP/2 recordings write them
 * lowercase); several of the same name are joined with `, `.
 *
 * @example
 * headerValue([{ name: 'date', value: 'Wed, 15 Jan 2025 12:00:00 GMT' }], 'Date'); // 'Wed, 15 Jan ...'
 */
export function headerValue(headers: readonly HeaderPair[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values = headers.filter((item) => item.name.toLowerCase() === wanted).map((item) => item.value);
  return values.length === 0 ? undefined : values.join(', ');
}
