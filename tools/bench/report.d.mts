export interface BenchFigure {
  /** What was measured, e.g. "first-load JS on /". */
  name: string;
  value: number | null;
  unit?: string;
  /** The target as text, e.g. "<= 170 KiB". */
  target?: string;
  /** Whether the target was met; leave out for figures without a target. */
  met?: boolean;
}
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}
export interface BenchPart {
  /** File name stem: lowercase letters, digits and dashes. */
  id: string;
  title: string;
  notes?: string;
  figures?: BenchFigure[];
  tables?: BenchTable[];
}
export declare function writeBenchPart(part: BenchPart): string | undefined;
export declare function markdownTable(
  columns: string[],
  rows: (string | number | null)[][],
): string;
export declare function renderMarkdown(report: unknown): string;
export declare function writeRunReport(options: {
  out: string;
  startedAt: Date;
  failures: string[];
}): unknown;
