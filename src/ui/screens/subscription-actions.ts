/**
 * What can be done to a subscription where it is shown: cancel and activate it, change its
 * quantity, its next charge date or its address, swap its variant for another of the catalog (or
 * one typed in). Each through the API, its answer or refusal shown.
 */
import { useState } from 'preact/hooks';
import { api, apiAnswer, type Json } from '../api.js';
import { ActionForm, AnswerBox, useAnswers } from '../actions.js';
import { html } from '../html.js';
import { ProductFields, productBody, TYPED_PRODUCT } from '../record-forms.js';
import type { Session } from '../session.js';
import { Field, Select, str, useLoad } from '../shared.js';

interface Props {
  session: Session;
  subscription: Json;
  changed: () => void;
}

export function SubscriptionActions({ session, subscription, changed }: Props) {
  const id = str(subscription.id);
  const token = session.token;
  const state = useAnswers();
  const addresses = useLoad(
    () =>
      api<{ addresses: Json[] }>('GET', '/addresses', {
        token,
        query: { customer_id: str(subscription.customer_id), limit: 250 },
      }),
    [token, subscription.customer_id],
  );
  const [reason, setReason] = useState('Cancelled in the dashboard');
  const [quantity, setQuantity] = useState(str(subscription.quantity));
  const [date, setDate] = useState(str(subscription.next_charge_scheduled_at).slice(0, 10));
  const [addressId, setAddressId] = useState(str(subscription.address_id));
  const [product, setProduct] = useState(TYPED_PRODUCT);
  const send = (method: string, path: string, body: Json = {}) =>
    state
      .run(async (done) => done(await apiAnswer(method, `/subscriptions/${id}${path}`, { token, body })))
      .then((ok) => ok && changed());
  const submit = (label: string) => html`<button type="submit" disabled=${state.busy}>${label}</button>`;

  return html`<section class="actions" aria-label=${`Actions on subscription ${id}`}>
    <${ActionForm}
      label="Cancel or activate the subscription"
      submit=${() => send('POST', '/cancel', { cancellation_reason: reason })}
    >
      <${Field} label="Cancellation reason" value=${reason} onInput=${setReason} />
      ${submit(`Cancel subscription ${id}`)}
      <button type="button" disabled=${state.busy} onClick=${() => send('POST', '/activate')}>
        ${`Activate subscription ${id}`}
      </button>
    <//>
    <${ActionForm}
      label="Change the quantity"
      submit=${() => send('PUT', '', { quantity: Number(quantity) })}
    >
      <${Field} label="New quantity" type="number" value=${quantity} onInput=${setQuantity} />
      ${submit('Change quantity')}
    <//>
    <${ActionForm}
      label="Change the next charge date"
      submit=${() => send('POST', '/set_next_charge_date', { date })}
    >
      <${Field} label="Next charge on" type="date" value=${date} onInput=${setDate} />
      ${submit('Set next charge date')}
    <//>
    <${ActionForm}
      label="Move to another address"
      submit=${() => send('POST', '/change_address', { address_id: Number(addressId) })}
    >
      <${Select}
        label="Move to address"
        value=${addressId}
        options=${(addresses.value?.addresses ?? []).map(
          (a) => [str(a.id), `${str(a.id)}: ${str(a.address1)}, ${str(a.city)}`] as const,
        )}
        onChange=${setAddressId}
      />
      ${submit('Change address')}
    <//>
    <${ActionForm} label="Swap the variant" submit=${() => send('PUT', '', productBody(product))}>
      <${ProductFields} session=${session} value=${product} onInput=${setProduct} />
      ${submit('Swap variant')}
    <//>
    <${AnswerBox} state=${state} label=${`Answer of the actions on subscription ${id}`} />
  </section>`;
}
