// The contract between an area and the shell that loads it, checked from the two builds'
// Module Federation manifests (mf-manifest.json): the release command refuses a release that
// breaks it, and the shell applies the same rules to an area it is about to load.
import semver from 'semver';

/**
 * @typedef {object} SharedEntry
 * @property {string} name
 * @property {string} version
 * @property {boolean} [singleton]
 * @property {string | null | false} [requiredVersion]
 *
 * @typedef {object} FederationManifest
 * @property {string} name
 * @property {{ pluginVersion?: string }} [metaData]
 * @property {SharedEntry[]} [shared]
 * @property {{ name: string, path?: string }[]} [exposes]
 */

/**
 * Every way `area` does not fit `shell`, one sentence each; empty when it fits.
 * - each shared singleton the area consumes with a version range must be provided by the shell
 *   at a version inside that range;
 * - both must be built with the same Module Federation version (remotes borrow the shell's
 *   runtime);
 * - every module the shell loads from the area (`loads`, e.g. ['./App']) must be exposed.
 * @param {{ area: FederationManifest, shell: FederationManifest, loads: string[] }} input
 * @returns {string[]}
 */
export function contractMismatches({ area, shell, loads }) {
  /** @type {string[]} */
  const out = [];
  const provided = new Map((shell.shared ?? []).map((s) => [s.name, s]));
  for (const consumed of area.shared ?? []) {
    if (!consumed.singleton) continue;
    const range = consumed.requiredVersion;
    const offer = provided.get(consumed.name);
    if (!offer) {
      out.push(`${consumed.name}: ${area.name} consumes it but the shell does not provide it`);
      continue;
    }
    if (!range) continue;
    if (!semver.validRange(range)) {
      out.push(`${consumed.name}: ${area.name} asks for "${range}", which is not a version range`);
    } else if (!semver.satisfies(offer.version, range, { includePrerelease: true })) {
      out.push(
        `${consumed.name}: ${area.name} needs ${range}, the shell provides ${offer.version}`,
      );
    }
  }
  const areaMf = area.metaData?.pluginVersion;
  const shellMf = shell.metaData?.pluginVersion;
  if (!areaMf || !shellMf) {
    out.push(
      `Module Federation version unknown (${area.name}: ${areaMf ?? 'none'}, shell: ${shellMf ?? 'none'})`,
    );
  } else if (areaMf !== shellMf) {
    out.push(`Module Federation: ${area.name} is built with ${areaMf}, the shell with ${shellMf}`);
  }
  const exposed = new Set((area.exposes ?? []).map((e) => e.path ?? `./${e.name}`));
  for (const module of loads) {
    if (!exposed.has(module))
      out.push(`${module}: the shell loads it from ${area.name}, which does not expose it`);
  }
  return out;
}

/** The modules the shell loads from each area (apps/shell/src/features/remotes/federation.ts). */
export const SHELL_LOADS = ['./App'];
