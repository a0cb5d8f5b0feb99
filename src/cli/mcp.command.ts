/**
 * `billing-emulator mcp`: the MCP server for AI agents on stdio. It starts an emulator of its own
 * (in this process, on a free loopback port), or attaches to a running one with `--url`. Only MCP
 * messages go to stdout; what it says to people goes to stderr. The SDK loads here, never in `start`.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { createEmulator } from '../emulator.js';
import type { Emulator } from '../emulator.options.js';
import { urlOption, withEnv } from './options.js';

interface McpArgs {
  url?: string;
  token?: string;
  'admin-token'?: string;
  'header-prefix': string;
}

export const mcpCommand: CommandModule<object, McpArgs> = {
  command: 'mcp',
  describe: 'The MCP server for AI agents, on stdio (an emulator of its own, or --url)',
  builder: (yargs: Argv) =>
    yargs
      .example('$0 mcp', 'an emulator in this process; agents call its tools over stdio')
      .example('$0 mcp --url http://127.0.0.1:4010 --token test-token', 'the tools act on a running emulator')
      .option(
        'url',
        withEnv('url', {
          type: 'string',
          coerce: urlOption('url'),
          describe: 'A running emulator to attach to (default: start one in this process)',
        }),
      )
      .option(
        'token',
        withEnv('token', {
          type: 'string',
          describe:
            "The store tools act on when a call names none (default: the started emulator's default store)",
        }),
      )
      .option(
        'admin-token',
        withEnv('admin-token', { type: 'string', describe: "The emulator's --admin-token, when it has one" }),
      )
      .option(
        'header-prefix',
        withEnv('header-prefix', {
          type: 'string',
          default: 'Service',
          describe: 'Middle word of the custom headers (X-<prefix>-Access-Token)',
        }),
      ) as unknown as Argv<McpArgs>,
  handler: async (args: ArgumentsCamelCase<McpArgs>) => {
    let emulator: Emulator | undefined;
    if (args.url === undefined)
      emulator = await createEmulator({
        port: 0,
        host: '127.0.0.1',
        token: args.token,
        adminToken: args['admin-token'],
        headerPrefix: args['header-prefix'],
      });
    const baseUrl = emulator?.url ?? args.url ?? '';
    process.stderr.write(
      `billing-emulator mcp: ${emulator ? 'started an emulator' : 'attached to the emulator'} at ${baseUrl} ` +
        `(dashboard: ${baseUrl}/_emulator/ui); MCP on stdio\n`,
    );
    const stop = async (code: number) => {
      await emulator?.close();
      process.exit(code);
    };
    process.on('SIGINT', () => void stop(0));
    process.on('SIGTERM', () => void stop(0));
    const { serveStdio } = await import('../mcp/stdio.js');
    await serveStdio({
      baseUrl,
      token: args.token ?? emulator?.token,
      adminToken: args['admin-token'],
      headerPrefix: args['header-prefix'],
    });
    await stop(0);
  },
};
