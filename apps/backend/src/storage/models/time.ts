/**
 * A timestamptz column as Storage answers it (JavaScript's toISOString: UTC, milliseconds,
 * a trailing Z), e.g. 2026-11-27T00:15:47.123Z; null stays null.
 */
export const isoTime = (col: string): string =>
  `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
