/**
 * The store record of the real API (`GET /store` in 2021-11, `GET /shop` in 2021-01) as the
 * settings of an emulated store: currency, presentment currencies, time zone, contact, platform
 * and default version. Settings the record does not show (dunning, rate limit, ...) keep the
 * emulator's defaults.
 */
import { storeSettingsSchema, type StoreSettingsInput } from '../../store/settings.js';
import { isApiVersion } from '../../model/versions.js';
import type { Reader } from './reader.js';

/** A store's name and the settings its record shows. */
export interface WireStore {
  readonly name: string | null;
  readonly settings: StoreSettingsInput;
}

/** The emulator's platform setting for the record's platform and checkout (neutral values). */
function platformOf(external: string | null, checkout: string | null): StoreSettingsInput['platform'] {
  if (external === 'custom') return 'custom';
  if (external === 'platform_b')
    return checkout === 'platform_b_hosted' ? 'platform_b_native' : 'platform_b_hosted';
  return 'platform_a';
}

/** `value` when the settings schema takes it for `field`, else undefined (the default applies). */
function valid<K extends keyof typeof storeSettingsSchema.shape>(field: K, value: unknown): unknown {
  return value !== null && storeSettingsSchema.shape[field].safeParse(value).success ? value : undefined;
}

/**
 * The settings shown by a store record (either version; the 2021-01 `GET /shop` answer's `shop`).
 *
 * @example storeFromWire(Reader.of(body.store)).settings.currency // 'EUR'
 */
export function storeFromWire(r: Reader): WireStore {
  const zone = r.obj('timezone')?.strOrNull('iana_name') ?? r.strOrNull('iana_timezone');
  const version = r.strOrNull('default_api_version');
  const settings: Record<string, unknown> = {
    currency: valid('currency', r.strOrNull('currency')),
    enabled_presentment_currencies: valid(
      'enabled_presentment_currencies',
      r.array('enabled_presentment_currencies'),
    ),
    timezone: valid('timezone', zone),
    email: valid('email', r.strOrNull('email') ?? r.strOrNull('shop_email')),
    phone: valid('phone', r.strOrNull('phone') ?? r.strOrNull('shop_phone')),
    platform: platformOf(r.strOrNull('external_platform'), r.strOrNull('checkout_platform')),
    default_api_version: isApiVersion(version) ? version : undefined,
  };
  const shown = Object.entries(settings).filter(([, value]) => value !== undefined);
  return { name: r.strOrNull('name'), settings: Object.fromEntries(shown) as StoreSettingsInput };
}
