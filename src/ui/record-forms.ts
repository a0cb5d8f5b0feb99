/**
 * Field groups the record forms share (a card's test token, an address, a product from the catalog
 * or typed, a subscription's interval), and the API bodies they make (2021-11).
 */
import { useEffect, useState } from 'preact/hooks';
import { api, control, type Json } from './api.js';
import { html } from './html.js';
import type { Session } from './session.js';
import { Field, Select, useLoad } from './shared.js';

export interface PaymentToken {
  readonly token: string;
  readonly description: string;
}

let tokens: Promise<PaymentToken[]> | undefined;

/** The test payment tokens (`GET /_emulator/payment_tokens`), read once per page. */
function paymentTokens(): Promise<PaymentToken[]> {
  tokens ??= control<{ tokens: PaymentToken[] }>('GET', '/payment_tokens').then(
    (answer) => answer.tokens,
    (error: unknown) => {
      tokens = undefined;
      throw error;
    },
  );
  return tokens;
}

/** A select of the test payment tokens, each with what a charge paid with it does. */
export function TokenSelect(props: { value: string; onChange: (token: string) => void; label?: string }) {
  const list = useLoad(paymentTokens, []);
  const options = (list.value ?? [{ token: props.value, description: '' }]).map(
    (t) => [t.token, t.description ? `${t.token}: ${t.description}` : t.token] as const,
  );
  return html`<${Select}
    label=${props.label ?? 'Card (test token)'}
    value=${props.value}
    options=${options}
    onChange=${props.onChange}
  />`;
}

/** `POST /payment_methods`: a default card of the customer whose token decides charge outcomes. */
export function cardBody(customerId: number, token: string): Json {
  return {
    customer_id: customerId,
    default: true,
    processor_name: 'stripe',
    processor_customer_token: `cus_${customerId}`,
    processor_payment_method_token: token,
    payment_details: {
      brand: 'visa',
      exp_month: 12,
      exp_year: token === 'tok_expired' ? 2024 : 2030,
      last4: '4242',
    },
  };
}

export interface AddressInput {
  address1: string;
  city: string;
  province: string;
  zip: string;
  country_code: string;
  phone: string;
}

export const SAMPLE_ADDRESS: AddressInput = {
  address1: '350 Fifth Avenue',
  city: 'New York',
  province: 'NY',
  zip: '10118',
  country_code: 'US',
  phone: '+12125550100',
};

/** The lines of an address (the names come from the customer or the form around it). */
export function AddressFields({
  value,
  onInput,
}: {
  value: AddressInput;
  onInput: (v: AddressInput) => void;
}) {
  const field = (key: keyof AddressInput, label: string) =>
    html`<${Field}
      label=${label}
      value=${value[key]}
      onInput=${(v: string) => onInput({ ...value, [key]: v })}
    />`;
  return html`${field('address1', 'Street')} ${field('city', 'City')} ${field('province', 'Province')}
  ${field('zip', 'ZIP')} ${field('country_code', 'Country code')} ${field('phone', 'Phone')}`;
}

/** `POST /addresses` for a customer, named as given. */
export function addressBody(
  customerId: number,
  names: { first_name: string; last_name: string },
  lines: AddressInput,
) {
  return { customer_id: customerId, ...names, ...lines };
}

/** A product: a variant of the catalog (its id), or one typed in (`''` chooses typing). */
export interface ProductInput {
  variant: string;
  title: string;
  variantId: string;
  price: string;
}

export const TYPED_PRODUCT: ProductInput = {
  variant: '',
  title: 'House Coffee',
  variantId: 'coffee-1kg',
  price: '20.00',
};

interface CatalogVariant {
  readonly id: string;
  readonly label: string;
}

/** The first 250 variants of the store's catalog (2021-11 products). */
async function catalogOf(token: string): Promise<CatalogVariant[]> {
  const answer = await api<{ products: Json[] }>('GET', '/products', { token, query: { limit: 250 } });
  return answer.products.flatMap((product) =>
    ((product.variants as Json[] | undefined) ?? []).map((variant) => ({
      id: String(variant.external_variant_id),
      label: `${String(product.title)}: ${String(variant.title)} (${String((variant.prices as Json | undefined)?.unit_price ?? '')})`,
    })),
  );
}

/** Chooses a variant of the catalog, or a product typed in (title, variant id, price). */
export function ProductFields(props: {
  session: Session;
  value: ProductInput;
  onInput: (v: ProductInput) => void;
}) {
  const catalog = useLoad(() => catalogOf(props.session.token), [props.session.token]);
  const { value, onInput } = props;
  const options = [
    ['', 'Typed below (outside the catalog)'] as const,
    ...(catalog.value ?? []).map((v) => [v.id, v.label] as const),
  ];
  return html`<${Select}
      label="Product"
      value=${value.variant}
      options=${options}
      onChange=${(variant: string) => onInput({ ...value, variant })}
    />
    ${
      value.variant === '' &&
      html`<${Field}
          label="Product title"
          value=${value.title}
          onInput=${(title: string) => onInput({ ...value, title })}
        />
        <${Field}
          label="Variant id"
          value=${value.variantId}
          onInput=${(variantId: string) => onInput({ ...value, variantId })}
        />
        <${Field}
          label="Price"
          value=${value.price}
          onInput=${(price: string) => onInput({ ...value, price })}
        />`
    }`;
}

/** The product fields of a subscription body: a catalog variant fills the rest from the catalog. */
export function productBody(value: ProductInput): Json {
  if (value.variant !== '') return { external_variant_id: { ecommerce: value.variant } };
  return {
    external_variant_id: { ecommerce: value.variantId },
    external_product_id: { ecommerce: value.variantId },
    product_title: value.title,
    price: value.price,
  };
}

export interface PlanInput {
  quantity: string;
  every: string;
  unit: string;
  date: string;
}

/** Quantity, interval and first charge date of a subscription. */
export function PlanFields({ value, onInput }: { value: PlanInput; onInput: (v: PlanInput) => void }) {
  return html`<${Field}
      label="Quantity"
      type="number"
      value=${value.quantity}
      onInput=${(quantity: string) => onInput({ ...value, quantity })}
    />
    <${Field}
      label="Every"
      type="number"
      value=${value.every}
      onInput=${(every: string) => onInput({ ...value, every })}
    />
    <${Select}
      label="Interval unit"
      value=${value.unit}
      options=${['month', 'week', 'day']}
      onChange=${(unit: string) => onInput({ ...value, unit })}
    />
    <${Field}
      label="Next charge date"
      type="date"
      value=${value.date}
      onInput=${(date: string) => onInput({ ...value, date })}
    />`;
}

/** `POST /subscriptions` for an address: charged and shipped every `every` units. */
export function subscriptionBody(addressId: number, product: ProductInput, plan: PlanInput): Json {
  return {
    address_id: addressId,
    next_charge_scheduled_at: plan.date,
    quantity: Number(plan.quantity),
    order_interval_unit: plan.unit,
    order_interval_frequency: Number(plan.every),
    charge_interval_frequency: Number(plan.every),
    ...productBody(product),
  };
}

/** The day after the store's today (its virtual clock), `YYYY-MM-DD`: a first charge one advance away. */
function useTomorrow(session: Session): string {
  const [tomorrow, setTomorrow] = useState('');
  useEffect(() => {
    let live = true;
    control<{ now: string }>('GET', '/clock', { token: session.token }).then(
      ({ now }) => live && setTomorrow(new Date(Date.parse(now) + 86_400_000).toISOString().slice(0, 10)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session.token]);
  return tomorrow;
}

/** A plan of one a month, first charged tomorrow in store time (filled in once the clock is read). */
export function usePlan(session: Session): [PlanInput, (plan: PlanInput) => void] {
  const tomorrow = useTomorrow(session);
  const [plan, setPlan] = useState<PlanInput>({ quantity: '1', every: '1', unit: 'month', date: '' });
  useEffect(() => {
    if (tomorrow && !plan.date) setPlan({ ...plan, date: tomorrow });
  }, [tomorrow]);
  return [plan, setPlan];
}

export interface Names {
  first_name: string;
  last_name: string;
}

/** First and last name. */
export function NameFields({ value, onInput }: { value: Names; onInput: (v: Names) => void }) {
  return html`<${Field}
      label="First name"
      value=${value.first_name}
      onInput=${(first_name: string) => onInput({ ...value, first_name })}
    />
    <${Field}
      label="Last name"
      value=${value.last_name}
      onInput=${(last_name: string) => onInput({ ...value, last_name })}
    />`;
}
