/**
 * `billing-emulator clone`: reads a store through the real API (GETs only, within its rate limit)
 * and writes it as a snapshot document (`--out`) or into a new store of a running emulator
 * (`--into`). docs/clone.md is the guide.
 */
import type { ArgumentsCamelCase, Argv, CommandModule, Options } from 'yargs';
import { LIST_NAMES } from '../clone/lists.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { parseValueNames } from '../store/dialect-settings.js';
import { API_VERSIONS, type ApiVersion } from '../model/versions.js';
import { makeDirectoryOf, numberOption, urlOption, withEnv } from './options.js';
import { printText } from './terminal-text.js';

interface CloneArgs {
  from: string;
  token: string;
  'header-prefix': string;
  'platform-word'?: string;
  'value-names'?: string;
  'api-version': ApiVersion;
  only?: string;
  customer?: number[];
  out?: string;
  into?: string;
  'admin-token'?: string;
  'into-header-prefix'?: string;
  json: boolean;
  'redact-pii': boolean;
  'page-size'?: number;
  now?: string;
  'allow-metadata-addresses': boolean;
}

function onlyLists(text: string | undefined): string[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names)
    if (!LIST_NAMES.includes(name))
      throw new Error(`--only: no list ${name} (lists: ${LIST_NAMES.join(', ')})`);
  return names;
}

function cloneTime(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseTimestampMs(text);
  if (ms === null) throw new Error(`--now: not an ISO-8601 time: ${text}`);
  return ms;
}

/** The options of `clone`, in the order --help lists them. */
const CLONE_OPTIONS: readonly (readonly [string, Options])[] = [
  [
    'from',
    {
      type: 'string',
      demandOption: true,
      coerce: urlOption('from'),
      describe: 'Base URL of the API to read the store from',
    },
  ],
  [
    'token',
    { type: 'string', demandOption: true, describe: "The store's API token (read scopes are enough)" },
  ],
  [
    'header-prefix',
    {
      type: 'string',
      default: 'Service',
      describe: 'Middle word of its headers (X-<prefix>-Access-Token, X-<prefix>-Limit, ...)',
    },
  ],
  [
    'platform-word',
    {
      type: 'string',
      describe: 'Its word for the platform: shopify reads shopify_product_id, ... (default platform)',
    },
  ],
  [
    'value-names',
    {
      type: 'string',
      describe: 'Its names for neutral values, e.g. platform_a=shopify,platform_payments=shopify_payments',
    },
  ],
  [
    'api-version',
    {
      choices: API_VERSIONS,
      default: '2021-11',
      describe: 'Version to read the lists that exist in both in (the others are read in 2021-11)',
    },
  ],
  ['only', { type: 'string', describe: `Lists to copy, with what they need: ${LIST_NAMES.join(',')}` }],
  [
    'customer',
    {
      type: 'string',
      array: true,
      coerce: (values: unknown) =>
        values === undefined
          ? undefined
          : [values].flat().flatMap((value) => {
              const id = customerId(value);
              return id === undefined ? [] : [id];
            }),
      describe: 'Copy only these customers and their records (the catalog whole); repeat for several',
    },
  ],
  ['out', { type: 'string', describe: 'Write the snapshot document to this file (its directory is made)' }],
  [
    'into',
    {
      type: 'string',
      coerce: urlOption('into'),
      describe: 'Import into a new store of the emulator at this URL',
    },
  ],
  ['admin-token', { type: 'string', describe: "The --into emulator's admin token, when it has one" }],
  [
    'into-header-prefix',
    { type: 'string', describe: "The --into emulator's header prefix (default --header-prefix)" },
  ],
  [
    'json',
    {
      type: 'boolean',
      default: false,
      describe: 'Print the summary as one JSON object (store_id, token, counts, skipped, ...)',
    },
  ],
  [
    'redact-pii',
    {
      type: 'boolean',
      default: false,
      describe: 'Replace emails, phones, names and street lines, consistently',
    },
  ],
  [
    'page-size',
    {
      type: 'string',
      coerce: numberOption('page-size', { integer: true, min: 1, max: 250 }),
      describe: 'Records per page (default 250, the most the API gives)',
    },
  ],
  ['now', { type: 'string', describe: "The clone's virtual time (default the upstream's Date header)" }],
  [
    'allow-metadata-addresses',
    {
      type: 'boolean',
      default: false,
      describe:
        'Read from a link-local or cloud metadata address (169.254.169.254, ...); refused unless given',
    },
  ],
];

const customerId = numberOption('customer', { integer: true, min: 1 });

export const cloneCommand: CommandModule<object, CloneArgs> = {
  command: 'clone',
  describe: 'Copy a store of the real API into a snapshot file or a new emulator store',
  builder: (yargs: Argv) => {
    let built = yargs
      .example(
        '$0 clone --from https://api.example.com --token "$SANDBOX_TOKEN" --into http://127.0.0.1:4010',
        'a new store of the emulator running there, holding the copy',
      )
      .example(
        '$0 clone --from https://api.example.com --token "$SANDBOX_TOKEN" --customer 63185874 --out case.json',
        'one customer and the catalog, as a snapshot file',
      )
      .epilogue('Only GET requests, within the rate limit. docs/clone.md says what is and is not copied.')
      .check((args) => {
        if ((args.out === undefined) === (args.into === undefined))
          throw new Error('Say where the clone goes: --out <file> or --into <emulator URL> (one of them).');
        return true;
      });
    for (const [name, definition] of CLONE_OPTIONS) built = built.option(name, withEnv(name, definition));
    return built as unknown as Argv<CloneArgs>;
  },
  handler: async (args: ArgumentsCamelCase<CloneArgs>) => {
    // Loaded when run: `start` does not pay for the clone's modules.
    const { cloneStore } = await import('../clone/clone.js');
    const { cloneIntoEmulator, writeCloneDocument } = await import('../clone/into.js');
    const { formatSkipped, formatSummary } = await import('../clone/summary.js');
    const { cloneBars } = await import('./clone-progress.js');
    const bars = args.json ? undefined : cloneBars();
    const result = await cloneStore({
      baseUrl: args.from,
      token: args.token,
      headerPrefix: args['header-prefix'],
      platformWord: args['platform-word'],
      valueNames: args['value-names'] === undefined ? undefined : parseValueNames(args['value-names']),
      apiVersion: args['api-version'],
      only: onlyLists(args.only),
      customers: args.customer,
      pageSize: args['page-size'],
      now: cloneTime(args.now),
      redactPii: args['redact-pii'],
      outbound: { allowMetadataAddresses: args['allow-metadata-addresses'] },
      onProgress: bars && ((progress) => bars.update(progress)),
    }).finally(() => bars?.stop());
    let where: { store_id: number | null; token: string | null; file: string | null };
    if (args.out !== undefined) {
      await makeDirectoryOf(args.out, { private: true });
      await writeCloneDocument(args.out, result.document);
      where = { store_id: null, token: null, file: args.out };
    } else {
      const created = await cloneIntoEmulator(
        {
          baseUrl: args.into ?? '',
          adminToken: args['admin-token'],
          headerPrefix: args['into-header-prefix'] ?? args['header-prefix'],
        },
        result,
      );
      where = { store_id: created.store.id, token: created.token, file: null };
    }
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ ...where, ...result.summary })}\n`);
      return;
    }
    const destination =
      where.file !== null
        ? `Snapshot written to ${where.file} (import it with PUT /_emulator/snapshot).`
        : `Store ${where.store_id} of ${args.into}, token ${where.token}`;
    // The skipped lists quote the upstream's answers.
    printText([formatSummary(result.summary), destination, ...formatSkipped(result.summary), ''].join('\n'));
  },
};
