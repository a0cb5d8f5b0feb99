/**
 * Events: the latest page from `GET /events`, then every new event as the stream announces it
 * (no reload), optionally of one topic.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type Json } from '../api.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { follow } from '../stream.js';
import { ErrorBox, Field } from '../shared.js';

const KEEP = 200;

/** The stream sends the event log's record (with `topic`); `GET /events` answers object type and verb. */
function topicOf(event: Json): string {
  return typeof event.topic === 'string' ? event.topic : `${String(event.object_type)}/${String(event.verb)}`;
}

/** Both lists, newest (highest id) first, each id once, at most KEEP. */
function merge(list: readonly Json[], more: readonly Json[]): Json[] {
  const byId = new Map<unknown, Json>();
  for (const event of [...list, ...more]) if (!byId.has(event.id)) byId.set(event.id, event);
  return [...byId.values()].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, KEEP);
}

export function EventsScreen({ session }: { session: Session }) {
  const [topic, setTopic] = useState('');
  const [applied, setApplied] = useState('');
  const [events, setEvents] = useState<Json[]>([]);
  const [error, setError] = useState<unknown>(null);
  /** The topic filter of the stream that is open (`''` for all), or null while none is. */
  const [liveFor, setLiveFor] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    setEvents([]);
    setLiveFor(null);
    /** The latest page, merged with what the stream brought: newest first, each id once. */
    const load = () =>
      api<{ events: Json[] }>('GET', '/events', {
        token: session.token,
        query: { topic: applied, limit: 25 },
      }).then(
        (answer) => {
          if (stopped) return;
          setEvents((streamed) => merge(streamed, answer.events));
          setError(null);
        },
        (e: unknown) => {
          if (!stopped) setError(e);
        },
      );
    const query: Record<string, string> = { kinds: 'event' };
    if (applied) query.topic = applied;
    // The page is loaded once the stream is open (and again after a reconnect), so an event
    // recorded in between is in one or the other.
    const stop = follow(
      session.token,
      query,
      (message) => setEvents((list) => merge(list, [message.data])),
      (state) => {
        setLiveFor(state === 'open' ? applied : null);
        if (state === 'open') void load();
      },
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [session.token, applied]);

  return html`<section aria-labelledby="events-title">
    <h2 id="events-title">Events</h2>
    <form
      class="row"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        setApplied(topic.trim());
      }}
    >
      <${Field} label="Topic" name="topic" value=${topic} onInput=${setTopic} placeholder="charge/paid" />
      <button type="submit">Filter</button>
    </form>
    <p role="status" class="live">
      ${
        liveFor === applied
          ? `Live: new ${applied ? `${applied} ` : ''}events appear here as they happen.`
          : 'Connecting to the stream…'
      }
    </p>
    <${ErrorBox} error=${error} />
    <div class="scroll">
      <table aria-label="Events feed">
        <thead>
          <tr>
            <th>Id</th>
            <th>At (store time)</th>
            <th>Topic</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          ${events.map(
            (event) =>
              html`<tr>
                <td>${String(event.id)}</td>
                <td>${String(event.created_at)}</td>
                <td><code>${topicOf(event)}</code></td>
                <td>${String(event.description ?? '')}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}
