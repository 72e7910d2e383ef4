// Installs a Debian package with apt-get when a file it provides is missing:
// as root, or through passwordless sudo. Otherwise fails saying how to install it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

let updated = false;

/** Makes sure `file` exists, installing Debian's `pkg` if it does not. Returns the file. */
export function ensureDebianPackage(pkg, file, hint = '') {
  if (existsSync(file)) return file;
  const install = `apt-get update && apt-get install -y ${pkg}`;
  let sudo = null;
  if (has('apt-get')) {
    if (process.getuid?.() === 0) sudo = [];
    else if (has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0)
      sudo = ['sudo', '-n'];
  }
  if (!sudo) {
    throw new Error(`${file} is missing. Install Debian's ${pkg} as root: \`${install}\`${hint}`);
  }
  const run = (...args) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    execFileSync(cmd, rest, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  };
  console.log(`Installing Debian's ${pkg} (${install})…`);
  if (!updated) {
    run('update');
    updated = true;
  }
  run('install', '-y', '--no-install-recommends', pkg);
  if (!existsSync(file)) throw new Error(`apt-get installed ${pkg} but ${file} is still missing`);
  return file;
}
