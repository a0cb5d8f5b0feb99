/**
 * The dashboard's frame: the admin token prompt (when the emulator has one), the store picker,
 * and one screen at a time chosen by the URL hash (#/clock, #/browse, ...), so screens can be linked;
 * the screens are a table (`SCREENS`), so adding one is adding an entry.
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
import { InboxScreen } from './screens/inbox.js';
import { RequestsScreen } from './screens/requests.js';
import { ScenariosScreen } from './screens/scenarios.js';
import { SettingsScreen } from './screens/settings.js';
import { StoresScreen } from './screens/stores.js';
import { WebhooksScreen } from './screens/webhooks.js';
import { WebhookCheckScreen } from './screens/webhook-check.js';

/** What a screen is given: the open store (null on Stores before one is opened) and how to open or close one. */
interface ScreenProps {
  readonly session: Session | null;
  readonly open: (store: StoreView) => Promise<void>;
  readonly close: () => void;
}

/** A screen: its link in the navigation (`#/<key>`) and what it shows. */
interface ScreenSpec {
  readonly key: string;
  readonly label: string;
  /** Draws the screen; `session` is set unless `withoutStore`. */
  readonly view: (props: ScreenProps & { session: Session }) => unknown;
  /** Shown before a store is open (the Stores screen). */
  readonly withoutStore?: (props: ScreenProps) => unknown;
}

/** The screens, in the navigation's order: a new screen is one more entry here. */
const SCREENS: readonly ScreenSpec[] = [
  {
    key: 'stores',
    label: 'Stores',
    view: (p) => html`<${StoresScreen} session=${p.session} open=${p.open} close=${p.close} />`,
    withoutStore: (p) => html`<${StoresScreen} session=${p.session} open=${p.open} close=${p.close} />`,
  },
  { key: 'clock', label: 'Clock', view: (p) => html`<${ClockScreen} session=${p.session} />` },
  {
    key: 'browse',
    label: 'Customers & billing',
    view: (p) => html`<${BrowseScreen} session=${p.session} />`,
  },
  { key: 'events', label: 'Events', view: (p) => html`<${EventsScreen} session=${p.session} />` },
  { key: 'webhooks', label: 'Webhooks', view: (p) => html`<${WebhooksScreen} session=${p.session} />` },
  { key: 'inbox', label: 'Webhook inbox', view: (p) => html`<${InboxScreen} session=${p.session} />` },
  {
    key: 'webhook-check',
    label: 'Webhook check',
    view: (p) => html`<${WebhookCheckScreen} session=${p.session} />`,
  },
  { key: 'requests', label: 'Requests', view: (p) => html`<${RequestsScreen} session=${p.session} />` },
  { key: 'faults', label: 'Faults', view: (p) => html`<${FaultsScreen} session=${p.session} />` },
  {
    key: 'scenarios',
    label: 'Scenarios',
    view: (p) => html`<${ScenariosScreen} session=${p.session} open=${p.open} />`,
  },
  { key: 'settings', label: 'Settings', view: (p) => html`<${SettingsScreen} session=${p.session} />` },
  {
    key: 'parity',
    label: 'Parity',
    view: (p) => html`<${ParityScreen} session=${p.session} open=${p.open} />`,
  },
];

function screenOf(hash: string): ScreenSpec {
  const name = hash.replace(/^#\/?/, '').split('?')[0];
  return SCREENS.find(({ key }) => key === name) ?? (SCREENS[0] as ScreenSpec);
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
  const [screen, setScreen] = useState<ScreenSpec>(screenOf(location.hash));
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [needsAdmin, setNeedsAdmin] = useState(config.adminTokenRequired && !admin.token);

  useEffect(() => {
    const onHash = () => setScreen(screenOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const close = useCallback(() => setSession(null), []);
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
        ({ key, label }) =>
          html`<a href=${`#/${key}`} aria-current=${key === screen.key ? 'page' : undefined}>${label}</a>`,
      )}
    </nav>
    <main id="screen">
      <${ErrorBox} error=${error} />
      ${
        session
          ? screen.view({ session, open, close })
          : screen.withoutStore
            ? screen.withoutStore({ session, open, close })
            : html`<p>Open a store on the <a href="#/stores">Stores</a> screen first.</p>`
      }
    </main>
  </div>`;
}
