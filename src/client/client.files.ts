/**
 * Large bodies between a file and the control API, for `ControlClient.exportSnapshot` and
 * `importSnapshot`. On `node:http` rather than `fetch`: fetch's web streams took 2-3 times as long
 * to send a 70 MB snapshot over loopback, and up to a fifth longer to receive one (decision 0029).
 */
import { createReadStream, createWriteStream, fchmod } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';

/** An answer: its status and text. */
export interface TransferAnswer {
  readonly status: number;
  readonly text: string;
}

/** Whether a rejection is a `TransferAnswer` (a status of 300 or more) rather than a network error. */
export const isTransferAnswer = (value: unknown): value is TransferAnswer =>
  typeof value === 'object' && value !== null && typeof (value as TransferAnswer).status === 'number';

/** An answer's text as JSON (undefined when empty). */
export const parseAnswer = (text: string): unknown => (text ? (JSON.parse(text) as unknown) : undefined);

/** Reads chunks this large from the file: fewer, larger writes to the socket. */
const READ_CHUNK = 1024 * 1024;

function send(
  method: 'GET' | 'PUT',
  url: string,
  headers: Record<string, string>,
  onResponse: (response: IncomingMessage) => void,
): http.ClientRequest {
  const client = new URL(url).protocol === 'https:' ? https : http;
  return client.request(url, { method, headers }, onResponse);
}

async function text(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes the body of `GET url` into `file` as it arrives; answers the bytes written, or rejects
 * with a `TransferAnswer` for a status of 300 or more (the file is then not written).
 *
 * @example
 * const bytes = await downloadToFile(`${base}/_emulator/snapshot?version=2`, headers, 'store.json');
 */
export function downloadToFile(url: string, headers: Record<string, string>, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = send('GET', url, headers, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300) {
        text(response).then((body) => reject({ status, text: body } satisfies TransferAnswer), reject);
        return;
      }
      // A store's data: readable by its owner only, also when the file was there before.
      const out = createWriteStream(file, { mode: 0o600 });
      out.once('open', (fd: number) => fchmod(fd, 0o600, () => undefined));
      pipeline(response, out).then(() => resolve(out.bytesWritten), reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Sends `file` as the body of `PUT url`, streamed; answers the status and text of the answer.
 *
 * @example
 * const { status, text } = await uploadFile(`${base}/_emulator/snapshot`, headers, 'store.json');
 */
export function uploadFile(
  url: string,
  headers: Record<string, string>,
  file: string,
): Promise<TransferAnswer> {
  return new Promise((resolve, reject) => {
    const request = send('PUT', url, headers, (response) => {
      text(response).then((body) => resolve({ status: response.statusCode ?? 0, text: body }), reject);
    });
    request.on('error', reject);
    // An answer before the whole file is sent (a refusal) ends the upload: that is not an error.
    pipeline(createReadStream(file, { highWaterMark: READ_CHUNK }), request).catch(() => undefined);
  });
}
