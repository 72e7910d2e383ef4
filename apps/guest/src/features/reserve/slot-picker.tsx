import { memo } from 'react';
import styled from 'styled-components';
import { theme } from '@bistro/ui';
import type { ReservationSlot } from '@bistro/data';
import { slotLabel, slotTime } from './reserve-choice';

const Grid = styled.div`
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
`;

const Slot = styled.button<{ $free: boolean }>`
  min-height: 44px;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${({ $free }) => ($free ? theme.colors.primary : theme.colors.border)};
  background: transparent;
  color: ${({ $free }) => ($free ? theme.colors.text : theme.colors.textMuted)};
  text-decoration: ${({ $free }) => ($free ? 'none' : 'line-through')};
  cursor: pointer;
  font-weight: 600;
  &[aria-pressed='true'] {
    background: ${({ $free }) => ($free ? theme.colors.primary : theme.colors.surfaceRaised)};
    color: ${({ $free }) => ($free ? theme.colors.primaryText : theme.colors.text)};
    border-color: ${theme.colors.focus};
  }
`;

/**
 * The night's start times at once: free ones to pick, full ones struck through
 * (still pickable, to see the nearest free times or join the waitlist).
 * Memoised: the form's other changes (confirming, typing a request) do not redraw the times.
 */
export const SlotPicker = memo(function SlotPicker({
  slots,
  selected,
  onSelect,
}: {
  slots: readonly ReservationSlot[];
  selected: string | null;
  onSelect: (time: string) => void;
}) {
  return (
    <Grid role="group" aria-label="Times">
      {slots.map((s, i) => {
        const time = slotTime(s.startsAt);
        const label = slotLabel(s.startsAt);
        return (
          <Slot
            key={s.startsAt}
            type="button"
            $free={s.available}
            aria-pressed={selected === time}
            aria-label={s.available ? label : `${label}, full`}
            onClick={() => onSelect(time)}
            // What the page exists to show: the first time painted is the bench's "content painted".
            elementtiming={i === 0 ? 'reserve-times' : undefined}
          >
            {label}
          </Slot>
        );
      })}
    </Grid>
  );
});
