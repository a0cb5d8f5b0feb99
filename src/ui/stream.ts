/**
 * Reads `GET /_emulator/stream` (server-sent events) with fetch, because EventSource cannot send
 * the store token and admin token headers. Reconnects after a pause when the connection drops.
 */
import { headersFor } from './api.js';

export interface StreamMessage {
  readonly kind: string;
  readonly data: Record<string, unknown>;
}

/** Splits SSE text into messages; answers the messages and the unfinished rest. */
export function parseSse(text: string): { messages: StreamMessage[]; rest: string } {
  const messages: StreamMessage[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let kind = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) kind = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue;
    try {
      messages.push({ kind, data: JSON.parse(data.join('\n')) as Record<string, unknown> });
    } catch {
      // not JSON: not one of the emulator's messages
    }
  }
  return { messages, rest };
}

/**
 * Follows the store's stream until the returned function is called. `onState('open')` comes once
 * the server has subscribed (each time, after a reconnect too): a screen loads its list then, so
 * nothing that happens between its first load and the stream's start is missed. Once stopped, no
 * callback runs (a stopped stream must not mark a newer one closed).
 */
export function follow(
  token: string,
  query: Readonly<Record<string, string>>,
  onMessage: (message: StreamMessage) => void,
  onStateChange: (state: 'open' | 'closed') => void = () => undefined,
): () => void {
  const abort = new AbortController();
  const onState = (state: 'open' | 'closed') => {
    if (!abort.signal.aborted) onStateChange(state);
  };
  const run = async () => {
    while (!abort.signal.aborted) {
      try {
        const response = await fetch(`/_emulator/stream?${new URLSearchParams(query).toString()}`, {
          headers: headersFor({ token, control: true }),
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
        onState('open');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseSse(buffer + value);
          buffer = parsed.rest;
          for (const message of parsed.messages) if (!abort.signal.aborted) onMessage(message);
        }
      } catch {
        // dropped or refused: try again below
      }
      onState('closed');
      if (!abort.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  };
  void run();
  return () => abort.abort();
}
