// Debian's chromium as the dashboard's browser tests, its screenshot script and its bench start it:
// headless, no sandbox (containers), nothing fetched from the network. One list for all three.
import { existsSync } from 'node:fs';

/** Where chromium is: CHROMIUM_PATH, else Debian's package. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why chromium cannot run here, or null when it can. */
export const chromiumMissing = existsSync(CHROMIUM)
  ? null
  : `no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

/** The flags chromium is started with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
