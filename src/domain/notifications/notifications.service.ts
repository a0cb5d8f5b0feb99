/**
 * Sends (records) an email notification to a customer. The template variables must name records of
 * that customer; `upcoming_charge` needs its queued charge and the charge's address (decision 0012).
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { REQUIRED_FIELD, RULE } from '../messages.js';
import type { Store } from '../../store/store.js';
import type { Address } from '../../model/address.js';
import type { Charge } from '../../model/charge.js';
import type { PaymentMethod } from '../../model/payment-method.js';
import { findCustomer } from '../customers/customers.service.js';
import { storeEmail } from '../../store/store-facts.js';
import type { ServiceContext } from '../service-context.js';
import type { SentNotification, TemplateType } from '../../model/notification.js';
import { renderTemplate } from './templates.js';

/** A notification to send: an email from one of the templates, with the records it names. */
export interface NotificationInput {
  readonly type: 'email';
  readonly template_type: TemplateType;
  readonly template_vars?: {
    readonly address_id?: number | null;
    readonly charge_id?: number | null;
    readonly payment_method_id?: number | null;
  };
}

/** Variables each template cannot do without. */
const REQUIRED_VARS: Readonly<Record<TemplateType, readonly ('address_id' | 'charge_id')[]>> = {
  upcoming_charge: ['address_id', 'charge_id'],
  get_account_access: [],
  platform_update_payment_information: [],
};

interface Checked {
  readonly address: Address | null;
  readonly charge: Charge | null;
  readonly paymentMethod: PaymentMethod | null;
}

/** Finds the records the variables name, or throws 422 under `template_vars`. */
function checkVars(store: Store, customerId: number, input: NotificationInput): Checked {
  const vars = input.template_vars ?? {};
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);

  for (const field of REQUIRED_VARS[input.template_type]) {
    if (vars[field] == null) add(field, REQUIRED_FIELD);
  }
  /** The customer's record the variable names, else null (and a problem when it names another). */
  const own = <T extends { customer_id: number }>(
    field: 'address_id' | 'charge_id' | 'payment_method_id',
    what: string,
    find: (id: number) => T | undefined,
  ): T | null => {
    const id = vars[field];
    if (id == null) return null;
    const record = find(id);
    if (record?.customer_id === customerId) return record;
    add(field, RULE.notification.notCustomers(what, id));
    return null;
  };
  const { addresses, charges, payment_methods } = store.collections;
  const address = own('address_id', 'address', (id) => addresses.get(id));
  const charge = own('charge_id', 'charge', (id) => charges.get(id));
  const paymentMethod = own('payment_method_id', 'payment method', (id) => payment_methods.get(id));
  if (input.template_type === 'upcoming_charge' && charge) {
    if (charge.status !== 'queued') add('charge_id', RULE.notification.notQueued(charge.id, charge.status));
    else if (address && charge.address_id !== address.id)
      add('charge_id', RULE.notification.otherAddress(charge.id, address.id));
  }
  if (Object.keys(problems).length > 0) throw fail.fields({ template_vars: problems });
  return { address, charge, paymentMethod };
}

/** Records the email the service would send; nothing leaves the emulator. */
export function sendNotification(
  ctx: ServiceContext,
  customerId: number,
  input: NotificationInput,
): SentNotification {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const customer = findCustomer(store, customerId);
    const { address, charge, paymentMethod } = checkVars(store, customer.id, input);
    const email = renderTemplate(input.template_type, { store, customer, address, charge, paymentMethod });
    return store.collections.notifications.insert({
      id: store.nextId('notifications'),
      customer_id: customer.id,
      type: input.type,
      template_type: input.template_type,
      template_vars: {
        address_id: address?.id ?? null,
        charge_id: charge?.id ?? null,
        payment_method_id: paymentMethod?.id ?? null,
      },
      to: customer.email,
      from: storeEmail(store),
      subject: email.subject,
      text: email.text,
      created_at: store.now(),
    });
  });
}
