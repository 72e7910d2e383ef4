// Makes sure Debian's Chromium is at /usr/bin/chromium (or CHROMIUM_PATH): test
// tools can't download browsers here. Installs it with apt-get when missing, as
// root or through passwordless sudo; otherwise fails saying how to install it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  const install = 'apt-get update && apt-get install -y chromium';
  let prefix = null;
  if (has('apt-get')) {
    if (process.getuid?.() === 0) prefix = [];
    else if (has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0)
      prefix = ['sudo', '-n'];
  }
  if (!prefix) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install Debian's package as root: \`${install}\`, or set CHROMIUM_PATH.`,
    );
  }
  console.log(`Installing Debian's chromium (${install})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync(
    prefix[0] ?? 'apt-get',
    [...prefix.slice(1), ...(prefix.length ? ['apt-get'] : []), 'update'],
    { stdio: 'inherit', env },
  );
  execFileSync(
    prefix[0] ?? 'apt-get',
    [...prefix.slice(1), ...(prefix.length ? ['apt-get'] : []), 'install', '-y', 'chromium'],
    { stdio: 'inherit', env },
  );
  if (!existsSync(chromiumPath))
    throw new Error(`apt-get installed chromium but ${chromiumPath} is still missing`);
  return chromiumPath;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
