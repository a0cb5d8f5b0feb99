// Runs the built emulator (dist/) in a process of its own with createEmulator options given as
// JSON (argv[2]), for tests that need options the CLI does not offer (the data files' tuning).
// Prints "listening on <url>" and stops on SIGTERM as the CLI does: exit 0, or 1 when the last
// write to --data failed.
import { createEmulator } from '../../dist/index.js';

const emulator = await createEmulator({ port: 0, logger: 'silent', ...JSON.parse(process.argv[2] ?? '{}') });
process.once('SIGTERM', () => {
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
process.stdout.write(`listening on ${emulator.url}\n`);
