/** `billing-emulator fixtures generate|check`: seeded fixture documents and checks of hand-written ones. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { numberOption, withEnv, writeOutput } from './options.js';
import type { CommandEntry } from './errors.js';
import { counted } from '../platform/plural.js';

interface GenerateArgs {
  seed: number;
  out?: string;
  products?: number;
  'plans-per-product'?: number;
  customers?: number;
  'addresses-per-customer'?: number;
  'subscriptions-per-address'?: number;
  onetimes?: number;
  discounts?: number;
  'failing-payment-share'?: number;
  metafields?: number;
}

const SIZES = [
  ['products', 'Products (default 6)'],
  [
    'plans-per-product',
    'Plans per product, 0-4: monthly, 3-month prepaid, every 2 weeks, 6-month prepaid (default 2)',
  ],
  ['customers', 'Customers, each with a card (default 25)'],
  ['addresses-per-customer', 'Addresses per customer (default 1)'],
  ['subscriptions-per-address', 'Subscriptions per address (default 1)'],
  ['onetimes', 'One-time items (default 5)'],
  ['discounts', 'Discount codes; one address in ten gets one (default 3)'],
  ['failing-payment-share', 'Share of customers whose card fails, 0-1 (default 0.1)'],
  ['metafields', 'Customer metafields (default 10)'],
] as const;

const generateCommand: CommandModule<object, GenerateArgs> = {
  command: 'generate',
  describe: 'Write a seeded fixture: the same seed and sizes give the same file, byte for byte',
  builder: (yargs: Argv) => {
    let built = yargs
      .option(
        'seed',
        withEnv('seed', {
          type: 'string',
          demandOption: true,
          coerce: numberOption('seed', { integer: true, min: 0 }),
          describe: 'Seed of every generated value',
        }),
      )
      .option(
        'out',
        withEnv('out', {
          type: 'string',
          describe: 'File to write (standard output when absent; its directory is made when missing)',
        }),
      )
      .example(
        '$0 fixtures generate --seed 42 --out shop.json',
        'the default sizes: 25 customers, 6 products',
      )
      .example('$0 fixtures generate --seed 7 --customers 10000 --out fixtures/large.json', 'a large shop');
    for (const [name, describe] of SIZES)
      built = built.option(
        name,
        withEnv(name, {
          type: 'string',
          coerce: numberOption(
            name,
            name === 'failing-payment-share' ? { min: 0, max: 1 } : { integer: true, min: 0 },
          ),
          describe,
        }),
      );
    return built as unknown as Argv<GenerateArgs>;
  },
  handler: async (args: ArgumentsCamelCase<GenerateArgs>) => {
    const { generateFixture } = await import('../fixtures/generator/generate.js');
    const { generatorSchema } = await import('../fixtures/generator/sizes.js');
    const input: Record<string, unknown> = { seed: args.seed };
    for (const [name] of SIZES) if (args[name] !== undefined) input[name.replace(/-/g, '_')] = args[name];
    const parsed = generatorSchema.safeParse(input);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `--${issue.path.join('.').replace(/_/g, '-')}: ${issue.message}`,
      );
      throw new Error(problems.join('\n'));
    }
    const { progressBar } = await import('./progress.js');
    const bar = progressBar('generating customers');
    const doc = generateFixture(parsed.data, (done, total) => bar.update(done, total));
    bar.finish();
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (args.out) {
      await writeOutput(args.out, text);
      process.stderr.write(
        `wrote ${args.out}: ${counted(parsed.data.customers, 'customer')}, ${counted(parsed.data.products, 'product')} (seed ${parsed.data.seed})\n`,
      );
    } else process.stdout.write(text);
  },
};

const checkCommand: CommandModule<object, { file: string }> = {
  command: 'check <file>',
  aliases: ['validate'],
  describe: 'Load a fixture file into a scratch store through the API and report the first refused record',
  builder: (yargs: Argv) =>
    yargs
      .positional('file', {
        type: 'string',
        demandOption: true,
        describe: 'Fixture file (JSON)',
      })
      .example('$0 fixtures check shop.json', 'every record through the API, or the first one it refuses')
      .epilogue(
        "Exit code 0 when every record loads, 1 with the file, line and the API's message when one is refused.",
      ) as unknown as Argv<{
      file: string;
    }>,
  handler: async (args: ArgumentsCamelCase<{ file: string }>) => {
    const { readFixtureFile } = await import('../fixtures/fixture-source.js');
    const { createEmulator } = await import('../emulator.js');
    const source = await readFixtureFile(args.file);
    const { progressBar } = await import('./progress.js');
    const bar = progressBar('loading customers');
    const emulator = await createEmulator({
      port: 0,
      logger: 'silent',
      scenario: {
        name: 'check',
        description: `check ${args.file}`,
        settings: {},
        fixture: { kind: 'inline', source },
        timeline: [],
      },
      onSeedProgress: (done, total) => bar.update(done, total),
    });
    bar.finish();
    await emulator.close();
    process.stdout.write(`${args.file}: every record passes the API's validation\n`);
  },
};

export const fixturesCommand: CommandModule & { readonly subcommands: readonly CommandEntry[] } = {
  subcommands: [generateCommand, checkCommand],
  command: 'fixtures',
  describe: 'Generate fixture files, or check one',
  builder: (yargs: Argv) =>
    yargs
      .command(generateCommand)
      .command(checkCommand)
      .demandCommand(1)
      .example('$0 fixtures generate --seed 42 --out shop.json', 'write a generated shop')
      .example('$0 fixtures check shop.json', 'load a file through the API'),
  handler: () => undefined,
};
