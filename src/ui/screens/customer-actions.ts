/**
 * What can be done to a customer where it is shown: its cards (replace one's token, add one, or
 * update it as the customer would in the portal), a new address, a new subscription from the
 * catalog. Each through the API (or the control API's portal route), its answer shown.
 */
import { useState } from 'preact/hooks';
import { api, apiAnswer, controlAnswer, type Answer, type Json } from '../api.js';
import { AnswerBox, useAnswers } from '../actions.js';
import { html } from '../html.js';
import {
  AddressFields,
  addressBody,
  cardBody,
  NameFields,
  PlanFields,
  ProductFields,
  SAMPLE_ADDRESS,
  subscriptionBody,
  TokenSelect,
  TYPED_PRODUCT,
  usePlan,
} from '../record-forms.js';
import type { Session } from '../session.js';
import { Select, str, useLoad } from '../shared.js';

interface Props {
  session: Session;
  customer: Json;
  changed: () => void;
}

export function CustomerActions({ session, customer, changed }: Props) {
  const token = session.token;
  const id = Number(customer.id);
  const owned = useLoad(async () => {
    const query = { customer_id: id, limit: 250 };
    const [methods, addresses] = await Promise.all([
      api<{ payment_methods: Json[] }>('GET', '/payment_methods', { token, query }),
      api<{ addresses: Json[] }>('GET', '/addresses', { token, query }),
    ]);
    return { methods: methods.payment_methods, addresses: addresses.addresses };
  }, [token, id]);
  const state = useAnswers();
  const act = (call: () => Promise<Answer>) =>
    state
      .run(async (done) => done(await call()))
      .then((ok) => {
        owned.reload();
        if (ok) changed();
      });

  const [card, setCard] = useState('tok_ok');
  const [names, setNames] = useState({
    first_name: str(customer.first_name),
    last_name: str(customer.last_name),
  });
  const [lines, setLines] = useState(SAMPLE_ADDRESS);
  const [addressId, setAddressId] = useState('');
  const [product, setProduct] = useState(TYPED_PRODUCT);
  const [plan, setPlan] = usePlan(session);
  const addresses = owned.value?.addresses ?? [];
  const chosenAddress = addressId || str(addresses[0]?.id);

  return html`<section class="actions" aria-label=${`Actions on customer ${id}`}>
    <h4>Cards</h4>
    <table aria-label=${`Payment methods of customer ${id}`}>
      <thead>
        <tr>
          <th>Id</th>
          <th>Token</th>
          <th>Status</th>
          <th>Default</th>
          <th>Replace its card</th>
        </tr>
      </thead>
      <tbody>
        ${(owned.value?.methods ?? []).map(
          (m) =>
            html`<tr>
              <td>${str(m.id)}</td>
              <td><code>${str(m.processor_payment_method_token)}</code></td>
              <td>${str(m.status)}</td>
              <td>${m.default ? 'yes' : 'no'}</td>
              <td>
                <button
                  type="button"
                  disabled=${state.busy}
                  onClick=${() =>
                    act(() =>
                      apiAnswer('PUT', `/payment_methods/${str(m.id)}`, {
                        token,
                        body: { processor_payment_method_token: card },
                      }),
                    )}
                >
                  ${`Give payment method ${str(m.id)} the card ${card}`}
                </button>
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
    <div class="row">
      <${TokenSelect} label="New card (test token)" value=${card} onChange=${setCard} />
      <button
        type="button"
        disabled=${state.busy}
        onClick=${() => act(() => apiAnswer('POST', '/payment_methods', { token, body: cardBody(id, card) }))}
      >
        Add card
      </button>
      <button
        type="button"
        disabled=${state.busy}
        onClick=${() =>
          act(() =>
            controlAnswer('POST', `/portal/customers/${id}/payment_method`, {
              token,
              body: { processor_payment_method_token: card },
            }),
          )}
      >
        Update card as the customer (portal)
      </button>
    </div>
    <form
      aria-label="Add an address"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void act(() => apiAnswer('POST', '/addresses', { token, body: addressBody(id, names, lines) }));
      }}
    >
      <h4>Add an address</h4>
      <div class="row">
        <${NameFields} value=${names} onInput=${setNames} />
        <${AddressFields} value=${lines} onInput=${setLines} />
      </div>
      <button type="submit" disabled=${state.busy}>Add address</button>
    </form>
    <form
      aria-label="Add a subscription"
      onSubmit=${(e: Event) => {
        e.preventDefault();
        void act(() =>
          apiAnswer('POST', '/subscriptions', {
            token,
            body: subscriptionBody(Number(chosenAddress), product, plan),
          }),
        );
      }}
    >
      <h4>Add a subscription</h4>
      <div class="row">
        <${Select}
          label="Address"
          value=${chosenAddress}
          options=${addresses.map((a) => [str(a.id), `${str(a.id)}: ${str(a.address1)}, ${str(a.city)}`] as const)}
          onChange=${setAddressId}
        />
        <${ProductFields} session=${session} value=${product} onInput=${setProduct} />
        <${PlanFields} value=${plan} onInput=${setPlan} />
      </div>
      <button type="submit" disabled=${state.busy || !chosenAddress}>Add subscription</button>
    </form>
    <${AnswerBox} state=${state} label=${`Answer of the actions on customer ${id}`} />
  </section>`;
}
