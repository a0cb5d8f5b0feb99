/**
 * What each template says. The real templates are the merchant's own; these carry the facts a test
 * may check (the charge's date, total and items, a portal link), in plain text.
 */
import type { Address } from '../../model/address.js';
import type { Charge } from '../../model/charge.js';
import type { Customer } from '../../model/customer.js';
import type { PaymentMethod } from '../../model/payment-method.js';
import { customerPortalUrl } from '../../store/store-facts.js';
import type { Store } from '../../store/store.js';
import type { TemplateType } from '../../model/notification.js';

/** What a template is rendered from: checked by the service before rendering. */
export interface TemplateContext {
  readonly store: Store;
  readonly customer: Customer;
  readonly address: Address | null;
  readonly charge: Charge | null;
  /** The card an update-payment email is about, when the request names one. */
  readonly paymentMethod?: PaymentMethod | null;
}

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
}

function portalLink(context: TemplateContext, page: string): string {
  return `${customerPortalUrl(context.store)}/${context.customer.hash}/${page}`;
}

const greeting = (context: TemplateContext) => [`Hi ${context.customer.first_name},`, ''];

function upcomingCharge(context: TemplateContext): RenderedEmail {
  const { store, charge, address } = context;
  const lines = [...greeting(context)];
  if (charge) {
    lines.push(
      `Your next order will be charged ${charge.total_price} ${charge.currency} on ${charge.scheduled_at}.`,
    );
    for (const line of charge.line_items) {
      const variant = line.variant_title ? ` (${line.variant_title})` : '';
      lines.push(`- ${line.title}${variant} x ${line.quantity}`);
    }
  }
  if (address) lines.push(`Shipping to: ${address.address1}, ${address.city}`);
  lines.push('', `Skip, swap or change it: ${portalLink(context, 'subscriptions')}`);
  return { subject: `Your upcoming order from ${store.name}`, text: lines.join('\n') };
}

const TEMPLATES: Readonly<Record<TemplateType, (context: TemplateContext) => RenderedEmail>> = {
  upcoming_charge: upcomingCharge,
  get_account_access: (context) => ({
    subject: `Access your ${context.store.name} account`,
    text: [
      ...greeting(context),
      `Use this link to manage your subscriptions: ${portalLink(context, 'login')}`,
    ].join('\n'),
  }),
  platform_update_payment_information: (context) => {
    const card = context.paymentMethod?.payment_details;
    const which = card?.brand && card.last4 ? ` (${card.brand} ending in ${card.last4})` : '';
    return {
      subject: `Update your payment information for ${context.store.name}`,
      text: [
        ...greeting(context),
        `Please update the payment information${which} of your subscriptions: ${portalLink(context, 'payment_methods')}`,
      ].join('\n'),
    };
  },
};

/**
 * The subject and text of an email.
 *
 * @example
 * renderTemplate('get_account_access', { store, customer, address: null, charge: null }).subject;
 * // 'Access your Default store account'
 */
export function renderTemplate(templateType: TemplateType, context: TemplateContext): RenderedEmail {
  return TEMPLATES[templateType](context);
}
