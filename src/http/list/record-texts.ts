/**
 * The JSON texts of serialized records, kept per store, list and version while nothing a
 * serialization may read has changed (decision 0053): a list page is then the join of its records'
 * texts, neither serialized nor stringified again.
 *
 * What a kept text may depend on, and what ends it:
 * - the record and every other record of the store (a customer shows counts of its subscriptions,
 *   its charges in dunning, its payment methods): any write to any collection of the store, undone
 *   writes and bulk changes (a snapshot restored, data loaded) included, counted by one listener
 *   per collection that adds one to a number and does nothing else;
 * - the store's settings (replaced, never changed in place) and its clock's time (a `realtime`
 *   clock moves on its own): compared when the texts are read;
 * - the API version: texts are kept apart per version.
 * A list opts in (`ListSpec.keepsTexts`) only when its serializer reads nothing else.
 */
import type { ApiVersion } from '../../model/versions.js';
import type { StoreSettings } from '../../store/settings.js';
import type { Store } from '../../store/store.js';
import { JsonText } from '../json-text.js';

/** Writes to a store's collections since the first list asked (one number, bumped by listeners). */
interface WriteCount {
  count: number;
}

interface Kept {
  readonly writes: number;
  readonly settings: StoreSettings;
  readonly now: number;
  readonly texts: KeptTexts;
}

/**
 * Bytes of record texts kept for one list in one version of a store (about twice that in memory:
 * text and bytes). Past it the texts start again empty, so listing every record of a large store
 * costs its texts at most this (bounded work, decision 0041).
 */
export const KEPT_BYTES = 4 * 1024 * 1024;

/** Texts by record id, within `KEPT_BYTES`. */
export class KeptTexts {
  private readonly texts = new Map<number, RecordText>();
  private bytes = 0;

  get(id: number): RecordText | undefined {
    return this.texts.get(id);
  }

  /** Keeps `record` as record `id`'s text (first emptied when it would pass the budget). */
  keep(id: number, record: RecordText): RecordText {
    if (this.bytes + record.bytes.length > KEPT_BYTES) {
      this.texts.clear();
      this.bytes = 0;
    }
    this.texts.set(id, record);
    this.bytes += record.bytes.length;
    return record;
  }
}

/** A record's JSON text and its UTF-8 bytes (encoded once, when the text is made). */
export interface RecordText {
  readonly text: string;
  readonly bytes: Buffer;
}

const writeCounts = new WeakMap<Store, WriteCount>();
const keptTexts = new WeakMap<Store, Map<string, Kept>>();

function writeCountOf(store: Store): WriteCount {
  let writes = writeCounts.get(store);
  if (!writes) {
    const counter: WriteCount = { count: 0 };
    const bump = () => {
      counter.count += 1;
    };
    for (const collection of Object.values(store.collections)) {
      collection.onWrite(bump);
      collection.onBulk(bump);
    }
    writeCounts.set(store, counter);
    writes = counter;
  }
  return writes;
}

/**
 * The kept texts (by record id) of list `list` of `store` in `version`: emptied first when the
 * store was written, its settings replaced or its clock moved since they were kept.
 *
 * @example
 * const texts = recordTexts(store, 'customers', '2021-11');
 * texts.get(7) ?? texts.keep(7, recordText(JSON.stringify(serialize(customer))));
 */
export function recordTexts(store: Store, list: string, version: ApiVersion): KeptTexts {
  const writes = writeCountOf(store).count;
  const settings = store.settings;
  const now = store.clock.now();
  let byList = keptTexts.get(store);
  if (!byList) {
    byList = new Map();
    keptTexts.set(store, byList);
  }
  const key = `${list} ${version}`;
  const kept = byList.get(key);
  if (kept && kept.writes === writes && kept.settings === settings && kept.now === now) return kept.texts;
  const fresh: Kept = { writes, settings, now, texts: new KeptTexts() };
  byList.set(key, fresh);
  return fresh.texts;
}

/** A record's text, with its bytes. */
export function recordText(text: string): RecordText {
  return { text, bytes: Buffer.from(text) };
}

/**
 * `head`, the items' texts separated by commas, then `tail`: as text (joined, not copied: nothing
 * on the way to the socket reads its characters) and as its UTF-8 bytes, the items' bytes copied
 * into one buffer.
 *
 * @example
 * joinTexts('{"customers":[', [recordText('{"id":1}'), recordText('{"id":2}')], ']}').text; // '{"customers":[{"id":1},{"id":2}]}'
 */
export function joinTexts(head: string, items: readonly RecordText[], tail: string): JsonText {
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  let size = headBytes.length + tailBytes.length + Math.max(0, items.length - 1);
  for (const item of items) size += item.bytes.length;
  const bytes = Buffer.allocUnsafe(size);
  bytes.set(headBytes, 0);
  let text = head;
  let at = headBytes.length;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as RecordText;
    if (i > 0) {
      text += ',';
      bytes[at++] = COMMA;
    }
    text += item.text;
    bytes.set(item.bytes, at);
    at += item.bytes.length;
  }
  bytes.set(tailBytes, at);
  return new JsonText(text + tail, bytes);
}

const COMMA = 0x2c;
