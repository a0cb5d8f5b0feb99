/**
 * "Create a customer with a subscription": the four API calls a story starts with (customer,
 * address, card, subscription), made in a row from one form, each answer shown as it comes. A
 * failed call stops the row with its error; what was made before it stays (and is shown).
 */
import { useState } from 'preact/hooks';
import { apiAnswer, type Json } from '../api.js';
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
import { Field } from '../shared.js';

interface Props {
  readonly session: Session;
  readonly created: (customerId: number) => void;
}

/** Folded until asked for: its fields (and the catalog and tokens they load) exist only when open. */
export function NewCustomer(props: Props) {
  const [open, setOpen] = useState(false);
  return html`<details class="card" onToggle=${(e: Event) => setOpen((e.target as HTMLDetailsElement).open)}>
    <summary>Create a customer with a subscription</summary>
    ${open && html`<${NewCustomerForm} ...${props} />`}
  </details>`;
}

function NewCustomerForm({ session, created }: Props) {
  const [email, setEmail] = useState('');
  const [names, setNames] = useState({ first_name: 'Ada', last_name: 'Lovelace' });
  const [address, setAddress] = useState(SAMPLE_ADDRESS);
  const [token, setToken] = useState('tok_ok');
  const [product, setProduct] = useState(TYPED_PRODUCT);
  const [plan, setPlan] = usePlan(session);
  const state = useAnswers();
  const token_ = session.token;

  const submit = (e: Event) => {
    e.preventDefault();
    let customerId = 0;
    void state
      .run(async (done) => {
        const customer = await apiAnswer<{ customer: Json }>('POST', '/customers', {
          token: token_,
          body: { email, ...names },
        });
        done(customer);
        customerId = Number(customer.body.customer.id);
        const made = await apiAnswer<{ address: Json }>('POST', '/addresses', {
          token: token_,
          body: addressBody(customerId, names, address),
        });
        done(made);
        done(
          await apiAnswer('POST', '/payment_methods', { token: token_, body: cardBody(customerId, token) }),
        );
        const addressId = Number(made.body.address.id);
        done(
          await apiAnswer('POST', '/subscriptions', {
            token: token_,
            body: subscriptionBody(addressId, product, plan),
          }),
        );
      })
      .then((ok) => ok && created(customerId));
  };

  return html`<form onSubmit=${submit} aria-label="Create a customer with a subscription">
      <fieldset>
        <legend>Customer</legend>
        <div class="row">
          <${Field}
            label="Email"
            type="email"
            value=${email}
            onInput=${setEmail}
            placeholder="qa@example.com"
          />
          <${NameFields} value=${names} onInput=${setNames} />
          <${TokenSelect} value=${token} onChange=${setToken} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Address</legend>
        <div class="row"><${AddressFields} value=${address} onInput=${setAddress} /></div>
      </fieldset>
      <fieldset>
        <legend>Subscription</legend>
        <div class="row">
          <${ProductFields} session=${session} value=${product} onInput=${setProduct} />
          <${PlanFields} value=${plan} onInput=${setPlan} />
        </div>
      </fieldset>
      <button type="submit" disabled=${state.busy}>Create customer and subscription</button>
    </form>
    <${AnswerBox} state=${state} label="Answers of create a customer with a subscription" /> `;
}
