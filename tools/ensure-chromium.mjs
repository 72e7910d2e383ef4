// Makes sure Debian's Chromium is at /usr/bin/chromium (or CHROMIUM_PATH): test
// tools can't download browsers here.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  return ensureDebianPackage('chromium', chromiumPath, ', or set CHROMIUM_PATH.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
