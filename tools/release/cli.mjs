// npm run release -- <area> [--canary <percent>] [--dist <folder>] [--by <name>]
// npm run promote -- <area>
// npm run rollback -- <area> [<version>]
//
// Publishes one area's build as an immutable release (releases/<area>/<content hash>/ with its
// files and release.json) into the release store, checks it against the released shell, and
// moves the pointer (pointer.json, with history) by compare-and-swap. Each pointer change also
// writes the runtime config it implies (config.json in the store) for the web server to serve.
//
// Settings (environment):
//   RELEASES_DIR          the store folder (default .data/releases)
//   RELEASES_PUBLIC_URL   where that folder is served (default http://127.0.0.1:4210)
//   RELEASES_BASE_CONFIG  the shell's runtime config to start from (default apps/shell/dist/config.json)
//   RELEASES_S3_BUCKET    the store in an S3-compatible bucket instead of the folder, with
//                         RELEASES_S3_ENDPOINT, _REGION, _ACCESS_KEY_ID, _SECRET_ACCESS_KEY,
//                         _SESSION_TOKEN, _FORCE_PATH_STYLE, _PREFIX, _TIMEOUT_MS
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AREAS,
  publishRelease,
  rollback,
  storeFromEnv,
} from '../../apps/web-server/src/releases-publish.mjs';
import { promoteChange, updatePointer } from '../../apps/web-server/src/releases-store.mjs';

const root = join(import.meta.dirname, '..', '..');

function who() {
  try {
    const name = execFileSync('git', ['config', 'user.name'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    if (name) return name;
  } catch {
    /* no git identity: the login name */
  }
  return process.env.USER || 'unknown';
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      dist: { type: 'string' },
      by: { type: 'string' },
      'no-build': { type: 'boolean' },
    },
  });
  const area = positionals[0];
  if (!area || !AREAS.includes(area)) throw new Error(`name an area: ${AREAS.join(', ')}`);
  const store = storeFromEnv();
  const by = values.by ?? who();
  if (command === 'release') {
    let canaryPercent;
    if (values.canary !== undefined) {
      canaryPercent = Number(values.canary.replace(/%$/, ''));
      if (!Number.isInteger(canaryPercent) || canaryPercent < 1 || canaryPercent > 100)
        throw new Error('--canary takes a whole percent from 1 to 100');
    }
    let dist = values.dist;
    if (!dist) {
      dist = join(root, 'apps', area, 'dist');
      if (!values['no-build'])
        execFileSync('npx', ['nx', 'run', `@bistro/${area}:build`], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
        });
    }
    const { version, pointer } = await publishRelease({ area, dist, store, by, canaryPercent });
    const canary = pointer.areas[area]?.canary;
    console.log(
      canary?.version === version
        ? `${area} ${version} is live for ${pointer.areas[area]?.canaryPercent}% of browsers (npm run promote -- ${area})`
        : `${area} ${version} is live (pointer revision ${pointer.revision})`,
    );
  } else if (command === 'promote') {
    const p = await updatePointer(store, promoteChange({ area, by }));
    console.log(`${area} ${p.areas[area]?.live.version} is live for every browser`);
  } else if (command === 'rollback') {
    const p = await rollback({ area, store, by, version: positionals[1] });
    console.log(`${area} ${p.areas[area]?.live.version} is live again`);
  } else {
    throw new Error('commands: release, promote, rollback');
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
