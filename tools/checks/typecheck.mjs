#!/usr/bin/env node
// Type-checks several projects as ONE TypeScript program: `node tools/checks/typecheck.mjs
// <tsconfig> <tsconfig> ...` (paths from the repository's root).
//
// The apps and libs import each other's sources (tsconfig.base.json's paths), so checking each
// project on its own checks the shared libs once per importer: eight browser projects took
// about 73 s of CPU one by one and 15 s as one program. Each project keeps its own tsconfig.json
// (editors and `tsc -p` use it); this reads them, refuses to merge projects whose effective
// compiler options differ (a merged check would then check one of them with the wrong
// options), and reports the union's diagnostics as `tsc` would.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = path.join(import.meta.dirname, '..', '..');

const configs = process.argv.slice(2);
if (configs.length === 0) {
  console.error('usage: node tools/checks/typecheck.mjs <tsconfig.json> [<tsconfig.json> ...]');
  process.exit(2);
}

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (d) => {
    report([d]);
    process.exit(2);
  },
};
const formatHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};
const report = (diagnostics) =>
  process.stdout.write(
    process.stdout.isTTY
      ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost)
      : ts.formatDiagnostics(diagnostics, formatHost),
  );

/** The options that decide how a file is checked: everything but where the config lives. */
function comparable(options) {
  const out = {};
  for (const [key, value] of Object.entries(options).sort(([a], [b]) => a.localeCompare(b))) {
    if (key === 'configFilePath' || key === 'pathsBasePath') continue;
    if (value === false || value === undefined) continue; // an option off is an option unset
    out[key] = value;
  }
  return JSON.stringify(out);
}

const files = new Set();
let options;
let first;
const configErrors = [];
for (const config of configs) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.resolve(root, config), {}, host);
  if (!parsed) process.exit(2);
  configErrors.push(...parsed.errors);
  if (options === undefined) {
    options = parsed.options;
    first = config;
  } else if (comparable(parsed.options) !== comparable(options)) {
    console.error(
      `${config} and ${first} have different compiler options: they cannot be checked as one ` +
        'program. Give them the same options, or check one on its own (tsc --noEmit -p).',
    );
    process.exit(2);
  }
  for (const f of parsed.fileNames) files.add(f);
}
if (configErrors.length) {
  report(configErrors);
  process.exit(2);
}

const started = Date.now();
const program = ts.createProgram({ rootNames: [...files], options: { ...options, noEmit: true } });
const diagnostics = ts.sortAndDeduplicateDiagnostics(ts.getPreEmitDiagnostics(program));
if (diagnostics.length) {
  report(diagnostics);
  console.error(`\n${diagnostics.length} type error(s) in ${configs.join(', ')}`);
  process.exit(1);
}
console.log(
  `${files.size} files of ${configs.length} project(s) type-checked in ${Date.now() - started} ms`,
);
