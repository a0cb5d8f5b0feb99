/**
 * Customers → addresses → subscriptions → charges → orders: lists read through the emulated API
 * (2021-11), a page at a time with its cursors (never the whole store: a 10,000-customer shop opens
 * as fast as an empty one), searched by the API's own filters, each record opening its details and
 * the records that belong to it, and the actions that can be taken on it (customer, subscription,
 * charge), each through the API with its answer shown.
 */
import { useState } from 'preact/hooks';
import { api, control, type Json } from '../api.js';
import { html } from '../html.js';
import type { Session } from '../session.js';
import { ErrorBox, Field, JsonBlock, Pager, str, useLoad } from '../shared.js';
import { ChargeActions } from './charge-actions.js';
import { CustomerActions } from './customer-actions.js';
import { NewCustomer } from './new-customer.js';
import { SubscriptionActions } from './subscription-actions.js';
import { counted } from '../../platform/plural.js';

type Kind = 'customers' | 'addresses' | 'subscriptions' | 'charges' | 'orders';

interface KindSpec {
  readonly title: string;
  readonly singular: string;
  /** Filters the API's list takes, shown as search fields. */
  readonly filters: readonly (readonly [string, string])[];
  readonly columns: readonly (readonly [string, (row: Json) => unknown])[];
}

/** Subscriptions, charges and orders are searched alike: by their customer, address and status. */
const BY_OWNER_AND_STATUS: KindSpec['filters'] = [
  ['customer_id', 'Customer id'],
  ['address_id', 'Address id'],
  ['status', 'Status'],
];

const KINDS: Readonly<Record<Kind, KindSpec>> = {
  customers: {
    title: 'Customers',
    singular: 'customer',
    filters: [['email', 'Email']],
    columns: [
      ['Id', (r) => r.id],
      ['Email', (r) => r.email],
      ['Name', (r) => `${str(r.first_name)} ${str(r.last_name)}`],
      ['Subscriptions', (r) => r.subscriptions_active_count],
    ],
  },
  addresses: {
    title: 'Addresses',
    singular: 'address',
    filters: [['customer_id', 'Customer id']],
    columns: [
      ['Id', (r) => r.id],
      ['Customer', (r) => r.customer_id],
      ['Address', (r) => `${str(r.address1)}, ${str(r.city)} ${str(r.country_code)}`],
    ],
  },
  subscriptions: {
    title: 'Subscriptions',
    singular: 'subscription',
    filters: BY_OWNER_AND_STATUS,
    columns: [
      ['Id', (r) => r.id],
      ['Customer', (r) => r.customer_id],
      ['Product', (r) => r.product_title],
      ['Status', (r) => r.status],
      ['Next charge', (r) => r.next_charge_scheduled_at],
    ],
  },
  charges: {
    title: 'Charges',
    singular: 'charge',
    filters: BY_OWNER_AND_STATUS,
    columns: [
      ['Id', (r) => r.id],
      ['Customer', (r) => (r.customer as Json | undefined)?.id],
      ['Status', (r) => r.status],
      ['Scheduled', (r) => r.scheduled_at],
      ['Total', (r) => r.total_price],
      ['Attempts', (r) => r.charge_attempts],
    ],
  },
  orders: {
    title: 'Orders',
    singular: 'order',
    filters: BY_OWNER_AND_STATUS,
    columns: [
      ['Id', (r) => r.id],
      ['Customer', (r) => (r.customer as Json | undefined)?.id],
      ['Charge', (r) => (r.charge as Json | undefined)?.id],
      ['Status', (r) => r.status],
      ['Total', (r) => r.total_price],
    ],
  },
};

const PAGE = 25;

interface Query {
  readonly kind: Kind;
  readonly filters: Readonly<Record<string, string>>;
  readonly id: string;
  readonly cursor: string;
}

interface Page {
  readonly rows: Json[];
  readonly next: string | null;
  readonly previous: string | null;
}

async function loadPage(token: string, query: Query): Promise<Page> {
  if (query.id) {
    const answer = await api<Json>('GET', `/${query.kind}/${encodeURIComponent(query.id)}`, { token });
    return { rows: [answer[KINDS[query.kind].singular] as Json], next: null, previous: null };
  }
  const params = query.cursor ? { cursor: query.cursor, limit: PAGE } : { ...query.filters, limit: PAGE };
  const answer = await api<Json>('GET', `/${query.kind}`, { token, query: params });
  return {
    rows: (answer[query.kind] as Json[] | undefined) ?? [],
    next: (answer.next_cursor as string | null | undefined) ?? null,
    previous: (answer.previous_cursor as string | null | undefined) ?? null,
  };
}

/** One line of the dunning schedule (built as one string: htm drops line breaks inside text). */
function retryLine(failure: number, days: number, next: boolean): string {
  return `after failure ${failure}: retry ${counted(days, 'day')} later${next ? ' (next)' : ''}`;
}

/** A charge's attempts, its dunning schedule (the store's retry days) and the job that tries it next. */
function ChargeDunning({ session, charge }: { session: Session; charge: Json }) {
  const info = useLoad(async () => {
    const [store, jobs] = await Promise.all([
      control<{ store: { settings: Json } }>('GET', `/stores/${session.store.id}`, { token: session.token }),
      control<{ jobs: { type: string; due_at: string; does: string }[] }>('GET', '/clock/jobs', {
        token: session.token,
        query: { subject: `charge:${str(charge.id)}` },
      }),
    ]);
    const dunning = store.store.settings.dunning as
      { retry_days?: number[]; on_max_retries?: string } | undefined;
    return { dunning, jobs: jobs.jobs };
  }, [session.token, charge.id, charge.status, charge.charge_attempts]);
  const attempts = Number(charge.charge_attempts ?? 0);
  const retryDays = info.value?.dunning?.retry_days ?? [];
  const next = info.value?.jobs.find((job) => job.type === 'charge_attempt');
  // A retry is next only while one is scheduled: a paid or closed charge has none.
  const retrying = next !== undefined && charge.status === 'error';
  return html`<dl class="facts" aria-label="Payment attempts">
      <dt>Status</dt>
      <dd>${str(charge.status)}</dd>
      <dt>Attempts</dt>
      <dd>${attempts}</dd>
      <dt>Error</dt>
      <dd>${str(charge.error_type) || '—'} ${str(charge.error)}</dd>
      <dt>Retry date</dt>
      <dd>${str(charge.retry_date) || '—'}</dd>
      <dt>Next attempt</dt>
      <dd>${next ? next.due_at : 'none scheduled'}</dd>
      <dt>Dunning schedule</dt>
      <dd>
        ${
          retryDays.length === 0
            ? '…'
            : html`<ol class="retries">
                  ${retryDays.map(
                    (days, i) =>
                      html`<li class=${retrying && i + 1 === attempts ? 'current' : ''}>
                        ${retryLine(i + 1, days, retrying && i + 1 === attempts)}
                      </li>`,
                  )}
                </ol>
                then ${str(info.value?.dunning?.on_max_retries)}`
        }
      </dd>
    </dl>
    <${ErrorBox} error=${info.error} />`;
}

/** The records that belong to one (a customer's addresses, subscriptions, charges, orders...). */
const CHILDREN: Readonly<Record<Kind, readonly (readonly [Kind, string])[]>> = {
  customers: [
    ['addresses', 'customer_id'],
    ['subscriptions', 'customer_id'],
    ['charges', 'customer_id'],
    ['orders', 'customer_id'],
  ],
  addresses: [
    ['subscriptions', 'address_id'],
    ['charges', 'address_id'],
    ['orders', 'address_id'],
  ],
  subscriptions: [],
  charges: [],
  orders: [],
};

export function BrowseScreen({ session }: { session: Session }) {
  const [query, setQuery] = useState<Query>({ kind: 'customers', filters: {}, id: '', cursor: '' });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [draftId, setDraftId] = useState('');
  const [selected, setSelected] = useState<Json | null>(null);
  const page = useLoad(() => loadPage(session.token, query), [session.token, query]);
  const spec = KINDS[query.kind];

  /**
   * After an action: the list again, and the record shown as the API now answers it: the one the
   * action answered, when it answered another (a charge moved to another date is a new charge).
   */
  const refresh = async (answered?: Json) => {
    page.reload();
    if (!selected) return;
    const id = (answered?.[spec.singular] as Json | undefined)?.id ?? selected.id;
    try {
      const answer = await api<Json>('GET', `/${query.kind}/${str(id)}`, { token: session.token });
      setSelected((answer[spec.singular] as Json | undefined) ?? null);
    } catch {
      setSelected(null); // deleted meanwhile
    }
  };

  const go = (next: Query) => {
    setSelected(null);
    setQuery(next);
    setDraft(next.filters as Record<string, string>);
    setDraftId(next.id);
  };

  return html`<section aria-labelledby="browse-title">
    <h2 id="browse-title">Customers & billing</h2>
    <${NewCustomer}
      session=${session}
      created=${(id: number) => go({ kind: 'customers', filters: {}, id: String(id), cursor: '' })}
    />
    <nav class="subtabs" aria-label="Record kinds">
      ${(Object.keys(KINDS) as Kind[]).map(
        (kind) =>
          html`<button
            type="button"
            aria-pressed=${kind === query.kind ? 'true' : 'false'}
            onClick=${() => go({ kind, filters: {}, id: '', cursor: '' })}
          >
            ${KINDS[kind].title}
          </button>`,
      )}
    </nav>
    <form
      class="row"
      aria-label=${`Search ${spec.title.toLowerCase()}`}
      onSubmit=${(e: Event) => {
        e.preventDefault();
        go({ kind: query.kind, filters: draft, id: draftId.trim(), cursor: '' });
      }}
    >
      <${Field}
        label=${`${spec.singular[0]?.toUpperCase() ?? ''}${spec.singular.slice(1)} id`}
        value=${draftId}
        onInput=${setDraftId}
      />
      ${spec.filters.map(
        ([name, label]) =>
          html`<${Field}
            label=${label}
            value=${draft[name] ?? ''}
            onInput=${(v: string) => setDraft({ ...draft, [name]: v })}
          />`,
      )}
      <button type="submit">Search</button>
      <button type="button" onClick=${() => go({ kind: query.kind, filters: {}, id: '', cursor: '' })}>
        Clear
      </button>
    </form>
    <${ErrorBox} error=${page.error} />
    ${page.loading && html`<p role="status">Loading ${spec.title.toLowerCase()}…</p>`}
    <div class="scroll">
      <table aria-label=${spec.title}>
        <thead>
          <tr>
            ${spec.columns.map(([label]) => html`<th>${label}</th>`)}
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          ${(page.value?.rows ?? []).map(
            (row) =>
              html`<tr>
                ${spec.columns.map(([, cell]) => html`<td>${str(cell(row))}</td>`)}
                <td>
                  <button type="button" onClick=${() => setSelected(row)}>
                    View ${spec.singular} ${str(row.id)}
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${page.value && page.value.rows.length === 0 && html`<p>No ${spec.title.toLowerCase()} match.</p>`}
    <${Pager}
      label=${spec.title}
      previous=${page.value?.previous}
      next=${page.value?.next}
      go=${(cursor: string) => setQuery({ ...query, id: '', cursor })}
    />
    ${
      selected &&
      html`<section class="card" aria-labelledby="record-title">
        <h3 id="record-title">${spec.singular} ${str(selected.id)}</h3>
        <div class="row">
          ${CHILDREN[query.kind].map(
            ([kind, filter]) =>
              html`<button
                type="button"
                onClick=${() => go({ kind, filters: { [filter]: str(selected.id) }, id: '', cursor: '' })}
              >
                ${KINDS[kind].title} of ${spec.singular} ${str(selected.id)}
              </button>`,
          )}
        </div>
        ${query.kind === 'charges' && html`<${ChargeDunning} session=${session} charge=${selected} />`}
        ${
          query.kind === 'charges'
            ? html`<${ChargeActions} session=${session} charge=${selected} changed=${refresh} />`
            : query.kind === 'subscriptions'
              ? html`<${SubscriptionActions}
                  session=${session}
                  subscription=${selected}
                  changed=${refresh}
                />`
              : query.kind === 'customers'
                ? html`<${CustomerActions} session=${session} customer=${selected} changed=${refresh} />`
                : null
        }
        <${JsonBlock}
          value=${selected}
          label=${`${spec.singular} ${str(selected.id)} as the API answers it`}
        />
      </section>`
    }
  </section>`;
}
