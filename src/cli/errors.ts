/**
 * Turns yargs' own failure texts ("Not enough non-option arguments: got 0, need at least 1",
 * "Unknown argument: foo") into sentences that say which command was meant and what is valid.
 */
import { envVariable } from './options.js';

/** Commands by name, each with the names of its subcommands (aliases included). */
export type CommandTable = Readonly<Record<string, readonly string[]>>;

/** What a registered command module tells of its names; `subcommands` where it has them. */
export interface CommandEntry {
  readonly command?: string | readonly string[];
  readonly aliases?: string | readonly string[];
  readonly subcommands?: readonly CommandEntry[];
}

const namesOf = (entry: CommandEntry): string[] =>
  [entry.command ?? [], entry.aliases ?? []]
    .flat()
    .map((text) => text.split(' ')[0] ?? '')
    .filter(Boolean);

/**
 * The table of the commands registered with yargs, in their order: the names a failure message
 * lists are the commands there are, never a copy kept by hand.
 *
 * @example commandTable([startCommand, scenarioCommand]); // { start: [], scenario: ['run', 'list'] }
 */
export function commandTable(entries: readonly CommandEntry[]): CommandTable {
  const table: Record<string, readonly string[]> = {};
  for (const entry of entries) {
    const [name] = namesOf(entry);
    if (name) table[name] = (entry.subcommands ?? []).flatMap(namesOf);
  }
  return table;
}

/** What a subcommand needs when its positional argument is missing. */
const NEEDS: Readonly<Record<string, string>> = {
  'scenario run':
    'scenario run needs a scenario: a built-in name (billing-emulator scenario list) or a .yaml or .json file.',
  'fixtures check':
    'fixtures check needs a fixture file (JSON), e.g. billing-emulator fixtures check shop.json.',
  'fixtures validate':
    'fixtures validate needs a fixture file (JSON), e.g. billing-emulator fixtures validate shop.json.',
  verify:
    'verify needs a recording (a HAR file billing-emulator record wrote), e.g. billing-emulator verify session.har.',
  'check-webhooks':
    'check-webhooks needs the URL of your webhook handler, e.g. billing-emulator check-webhooks http://127.0.0.1:3000/webhooks.',
};

const list = (names: readonly string[]) => names.join(', ');

/**
 * The message to print for a yargs failure, given the command line's arguments.
 *
 * @example
 * explainFailure('Not enough non-option arguments: got 0, need at least 1', ['scenario'], commands);
 * // 'Name a scenario command: run, list (billing-emulator scenario <command> --help for each).'
 */
export function explainFailure(message: string, args: readonly string[], commands: CommandTable): string {
  const invalid = /Argument: ([\w-]+), Given: (.*), Choices: (.*)$/m.exec(message);
  if (invalid)
    return `--${invalid[1]} (${envVariable(invalid[1] ?? '')}) takes one of ${invalid[3]?.replace(/"/g, '')}, not ${invalid[2]}.`;
  const words = args.filter((arg) => !arg.startsWith('-'));
  const [command, subcommand] = words;
  const known = command === undefined ? undefined : commands[command];
  const missing = /^Not enough non-option arguments/.test(message);
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (command === undefined || (known === undefined && (missing || unknown)))
    return command === undefined
      ? `Name a command: ${list(Object.keys(commands))} (billing-emulator <command> --help for each).`
      : `Unknown command "${command}". The commands are: ${list(Object.keys(commands))}.`;
  if (known && known.length > 0 && (subcommand === undefined || !known.includes(subcommand))) {
    if (subcommand !== undefined && NEEDS[`${command} ${subcommand}`] && missing)
      return NEEDS[`${command} ${subcommand}`] ?? message;
    if (subcommand === undefined && missing)
      return `Name a ${command} command: ${list(known)} (billing-emulator ${command} <command> --help for each).`;
    if (subcommand !== undefined)
      return `Unknown ${command} command "${subcommand}". The ${command} commands are: ${list(known)}.`;
  }
  if (missing) return NEEDS[`${command} ${subcommand}`] ?? NEEDS[command] ?? message;
  const required = /^Missing required arguments?: (.*)$/.exec(message);
  if (required) {
    const options = (required[1] ?? '').split(', ').map((name) => `--${name} (${envVariable(name)})`);
    const where = [command, subcommand && known?.includes(subcommand) ? subcommand : undefined]
      .filter(Boolean)
      .join(' ');
    return `${where} needs ${options.join(' and ')}; billing-emulator ${where} --help says what it takes.`;
  }
  if (unknown) {
    const names = (unknown[1] ?? '').split(', ');
    const options = names.filter((name) =>
      args.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)),
    );
    const where = [command, subcommand && known?.includes(subcommand) ? subcommand : undefined]
      .filter(Boolean)
      .join(' ');
    if (options.length)
      return `Unknown option ${options.map((name) => `--${name}`).join(', ')} for ${where}; billing-emulator ${where} --help lists them.`;
    return `Unexpected argument ${names.map((name) => `"${name}"`).join(', ')} for ${where}; billing-emulator ${where} --help says what it takes.`;
  }
  return message;
}
