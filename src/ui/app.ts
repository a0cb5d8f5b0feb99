/**
 * The dashboard's frame: the admin token prompt (when the emulator has one), the store picker,
 * and one screen at a time chosen by the URL hash (#/clock, #/browse, ...), so screens can be linked.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { admin, ApiFailure, config, control } from './api.js';
import { html } from './html.js';
import { openStore, type Session, type StoreView } from './session.js';
import { ErrorBox } from './shared.js';
import { BrowseScreen } from './screens/browse.js';
import { ClockScreen } from './screens/clock.js';
import { EventsScreen } from './screens/events.js';
import { FaultsScreen } from './screens/faults.js';
import { ParityScreen } from './screens/parity.js';
import { RequestsScreen } from './screens/requests.js';
import { ScenariosScreen } from './screens/scenarios.js';
import { StoresScreen } from './screens/stores.js';
import { WebhooksScreen } from './screens/webhooks.js';

const SCREENS = [
  ['stores', 'Stores'],
  ['clock', 'Clock'],
  ['browse', 'Customers & billing'],
  ['events', 'Events'],
  ['webhooks', 'Webhooks'],
  ['requests', 'Requests'],
  ['faults', 'Faults'],
  ['scenarios', 'Scenarios'],
  ['parity', 'Parity'],
] as const;
type ScreenName = (typeof SCREENS)[number][0];

function screenOf(hash: string): ScreenName {
  const name = hash.replace(/^#\/?/, '').split('?')[0];
  return SCREENS.find(([key]) => key === name)?.[0] ?? 'stores';
}

/** Asks for the admin token; the dashboard sends it as `Authorization: Bearer` on control calls. */
function AdminTokenForm({ onDone, error }: { onDone: () => void; error: unknown }) {
  const [value, setValue] = useState('');
  return html`<main class="login">
    <h1>billing-emulator</h1>
    <form
      onSubmit=${(e: Event) => {
        e.preventDefault();
        admin.token = value;
        onDone();
      }}
    >
      <p>This emulator was started with <code>--admin-token</code>. Enter it to open the dashboard.</p>
      <label class="field"
        ><span>Admin token</span>
        <input
          type="password"
          name="admin-token"
          autocomplete="off"
          value=${value}
          onInput=${(e: Event) => setValue((e.target as HTMLInputElement).value)}
      /></label>
      <button type="submit">Open the dashboard</button>
      <${ErrorBox} error=${error} />
    </form>
  </main>`;
}

export function App() {
  const [screen, setScreen] = useState<ScreenName>(screenOf(location.hash));
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [needsAdmin, setNeedsAdmin] = useState(config.adminTokenRequired && !admin.token);

  useEffect(() => {
    const onHash = () => setScreen(screenOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const open = useCallback(async (store: StoreView) => {
    try {
      setSession(await openStore(store));
      setError(null);
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 401 && config.adminTokenRequired) {
        admin.token = '';
        setNeedsAdmin(true);
      }
      setError(e);
    }
  }, []);

  // Opens the first store (the default one) once the admin token, if any, is known.
  useEffect(() => {
    if (needsAdmin || session) return;
    control<{ stores: StoreView[] }>('GET', '/stores').then(
      ({ stores }) => {
        const first = stores[0];
        if (first) void open(first);
      },
      (e: unknown) => {
        if (e instanceof ApiFailure && e.status === 401 && config.adminTokenRequired) {
          admin.token = '';
          setNeedsAdmin(true);
        }
        setError(e);
      },
    );
  }, [needsAdmin, session, open]);

  if (needsAdmin)
    return html`<${AdminTokenForm}
      error=${error}
      onDone=${() => {
        setError(null);
        setNeedsAdmin(false);
      }}
    />`;

  return html`<div class="layout">
    <header class="top">
      <h1>billing-emulator</h1>
      <p class="current" aria-live="polite">
        ${
          session
            ? html`Store <strong>${session.store.name}</strong> (#${session.store.id})`
            : 'No store open'
        }
      </p>
    </header>
    <nav class="tabs" aria-label="Screens">
      ${SCREENS.map(
        ([key, label]) =>
          html`<a href=${`#/${key}`} aria-current=${key === screen ? 'page' : undefined}>${label}</a>`,
      )}
    </nav>
    <main id="screen">
      <${ErrorBox} error=${error} />
      ${
        screen === 'stores'
          ? html`<${StoresScreen} session=${session} open=${open} close=${() => setSession(null)} />`
          : session
            ? html`<${Screen} name=${screen} session=${session} open=${open} />`
            : html`<p>Open a store on the <a href="#/stores">Stores</a> screen first.</p>`
      }
    </main>
  </div>`;
}

function Screen({
  name,
  session,
  open,
}: {
  name: ScreenName;
  session: Session;
  open: (store: StoreView) => Promise<void>;
}) {
  switch (name) {
    case 'clock':
      return html`<${ClockScreen} session=${session} />`;
    case 'browse':
      return html`<${BrowseScreen} session=${session} />`;
    case 'events':
      return html`<${EventsScreen} session=${session} />`;
    case 'webhooks':
      return html`<${WebhooksScreen} session=${session} />`;
    case 'requests':
      return html`<${RequestsScreen} session=${session} />`;
    case 'faults':
      return html`<${FaultsScreen} session=${session} />`;
    case 'scenarios':
      return html`<${ScenariosScreen} session=${session} open=${open} />`;
    case 'parity':
      return html`<${ParityScreen} session=${session} open=${open} />`;
    default:
      return null;
  }
}
