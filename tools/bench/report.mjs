// The bench report: every benchmark script hands its figures to `writeBenchPart`,
// which prints nothing and, when `npm run bench` set BENCH_OUT, stores them as
// `<BENCH_OUT>/<id>.json`. tools/bench/run.mjs merges the parts into report.json and
// report.md so two runs can be compared side by side.
import { execSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/**
 * @param {import('./report.d.mts').BenchPart} part
 * @returns {string | undefined} the file written, if any
 */
export function writeBenchPart(part) {
  const dir = process.env.BENCH_OUT;
  if (!dir) return undefined;
  if (!/^[a-z0-9-]+$/.test(part.id)) throw new Error(`bad bench part id: ${part.id}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${part.id}.json`);
  writeFileSync(file, JSON.stringify(part, null, 2) + '\n');
  return file;
}

function cell(value) {
  if (value === null || value === undefined) return '';
  return String(value).replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** A markdown table from column names and rows. */
export function markdownTable(columns, rows) {
  const lines = [
    `| ${columns.map(cell).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** The markdown report of a whole run: the targets first, then each part's tables. */
export function renderMarkdown(report) {
  const out = [`# Bench report ${report.startedAt}`, ''];
  out.push(`- commit: ${report.commit}`);
  out.push(`- machine: ${report.machine}`);
  out.push(`- duration: ${report.durationSeconds} s`, '');
  const targets = report.parts.flatMap((part) =>
    (part.figures ?? []).map((f) => [
      part.title,
      f.name,
      f.value === null || f.value === undefined ? 'n/a' : `${f.value} ${f.unit ?? ''}`.trim(),
      f.target ?? '',
      f.met === undefined ? '' : f.met ? 'met' : 'missed',
    ]),
  );
  out.push('## Targets', '');
  out.push(markdownTable(['bench', 'figure', 'value', 'target', ''], targets), '');
  for (const part of report.parts) {
    out.push(`## ${part.title}`, '');
    if (part.notes) out.push(part.notes, '');
    for (const table of part.tables ?? []) {
      out.push(`### ${table.title}`, '', markdownTable(table.columns, table.rows), '');
    }
  }
  for (const failure of report.failures ?? []) out.push(`- FAILED: ${failure}`);
  return out.join('\n') + '\n';
}

/**
 * Merges the parts in `out` into report.json and report.md, with the commit, the machine
 * and the run's duration, and says where they are.
 */
export function writeRunReport({ out, startedAt, failures }) {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: import.meta.dirname })
      .toString()
      .trim();
  } catch {
    // not a git checkout
  }
  const parts = readdirSync(out)
    .filter((f) => f.endsWith('.json') && f !== 'report.json')
    .sort()
    .map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')));
  const report = {
    startedAt: startedAt.toISOString(),
    commit,
    machine: `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join('/')}, node ${process.version}`,
    durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    parts,
    failures,
  };
  writeFileSync(join(out, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  writeFileSync(join(out, 'report.md'), renderMarkdown(report));
  console.log(`\nReport: ${join(out, 'report.md')} (and report.json)`);
  return report;
}
