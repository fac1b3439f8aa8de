/**
 * Finds Debian's Chromium for the tests that drive a real browser (the playground's, the Crawlee
 * browser crawler's): `ROBOMATA_CHROMIUM`, else a well-known path. Vendor browser downloads are
 * unreachable, so a missing Chromium fails in CI and may be skipped only on request outside it.
 */
import { existsSync } from 'node:fs';

/** Where Chromium is looked for when `ROBOMATA_CHROMIUM` is not set (Debian, Ubuntu, Chrome). */
const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Returns the Chromium executable (`ROBOMATA_CHROMIUM`, else a well-known path), or undefined. */
export function locateChromium(): string | undefined {
  const fromEnv = process.env['ROBOMATA_CHROMIUM'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return CHROMIUM_PATHS.find((p) => existsSync(p));
}

/**
 * True when the browser tests may be skipped: no Chromium, outside CI, and the developer asked
 * for it with `ROBOMATA_SKIP_BROWSER=1`. Otherwise a missing Chromium fails the tests.
 */
export function maySkipBrowserTests(): boolean {
  return locateChromium() === undefined && process.env['ROBOMATA_SKIP_BROWSER'] === '1' && process.env['CI'] !== 'true';
}

/**
 * Returns the Chromium executable: `ROBOMATA_CHROMIUM` if set, else the first well-known path
 * that exists. Throws an Error saying how to install it when there is none.
 */
export function findChromium(): string {
  const found = locateChromium();
  if (found !== undefined && !existsSync(found)) throw new Error(`ROBOMATA_CHROMIUM=${found} does not exist`);
  if (found === undefined) {
    throw new Error(
      `no Chromium found (looked at ${CHROMIUM_PATHS.join(', ')}): the browser tests (the playground's, the Crawlee browser crawler's) need it. ` +
        'Install it with `apt-get update && apt-get install -y chromium` (.ci/run does this in CI), or set ROBOMATA_CHROMIUM to its path ' +
        '(outside CI, ROBOMATA_SKIP_BROWSER=1 skips these tests instead).',
    );
  }
  return found;
}
