import styled from 'styled-components';
import { theme } from './theme';

export interface FloorPlanTable {
  id: string;
  name: string;
  /** Grid column and row (0-based). */
  x: number;
  y: number;
  /** A second line under the name: seats, a minimum, a status. */
  caption: string;
  /** Taken or inactive: shown, not chosen. */
  disabled?: boolean;
}

const Grid = styled.div<{ $cols: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $cols }) => $cols}, minmax(0, 1fr));
  gap: ${theme.space(2)};
  padding: ${theme.space(3)};
  border: 1px dashed ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
`;

const Cell = styled.button<{ $selected: boolean; $x: number; $y: number }>`
  grid-column: ${({ $x }) => $x + 1};
  grid-row: ${({ $y }) => $y + 1};
  min-height: 64px;
  min-width: 0;
  padding: ${theme.space(2)};
  border-radius: ${theme.radii.sm};
  border: 2px solid ${({ $selected }) => ($selected ? theme.colors.accent : theme.colors.border)};
  background: ${({ $selected }) => ($selected ? 'rgba(242, 184, 75, 0.18)' : theme.colors.bg)};
  color: ${theme.colors.text};
  font: inherit;
  text-align: center;
  overflow-wrap: anywhere;
  cursor: pointer;
  strong {
    display: block;
  }
  span {
    display: block;
    font-size: 0.8rem;
    color: ${theme.colors.textMuted};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.accent};
    outline-offset: 2px;
  }
`;

/**
 * A simple floor plan: the tables in their grid cells, each a button (pressed when selected);
 * empty cells stay empty. Without `onSelect` the plan is only shown.
 */
export function FloorPlan({
  tables,
  selectedId,
  onSelect,
  label,
}: {
  tables: FloorPlanTable[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** The plan's accessible name. */
  label: string;
}) {
  const cols = Math.max(1, ...tables.map((t) => t.x + 1));
  return (
    <Grid $cols={cols} role="group" aria-label={label}>
      {tables.map((t) => (
        <Cell
          key={t.id}
          type="button"
          $x={t.x}
          $y={t.y}
          $selected={t.id === selectedId}
          aria-pressed={onSelect ? t.id === selectedId : undefined}
          disabled={t.disabled || !onSelect}
          onClick={() => onSelect?.(t.id)}
        >
          <strong>{t.name}</strong>
          <span>{t.caption}</span>
        </Cell>
      ))}
    </Grid>
  );
}
