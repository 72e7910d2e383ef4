import { memo } from 'react';
import styled from 'styled-components';
import { theme } from '@bistro/ui';
import { VOTES_PER_NIGHT } from '@bistro/data';

const Left = styled.span`
  white-space: nowrap;
`;

const Wrap = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
`;

const Title = styled.span`
  font-weight: 600;
`;

const Dots = styled.span`
  display: inline-flex;
  gap: ${theme.space(2)};
`;

// Filled or not by an attribute, not a prop: one class for every dot, so a vote that
// empties a dot changes an attribute and adds no style rule to the page.
const Dot = styled.span`
  width: 14px;
  height: 14px;
  border-radius: 50%;
  border: 2px solid ${theme.colors.primary};
  background: transparent;
  &[data-left='true'] {
    background: ${theme.colors.primary};
  }
`;

/** Votes the member still has tonight (never below 0 or above 3). */
export function votesLeft(votesUsed: number): number {
  return Math.max(0, Math.min(VOTES_PER_NIGHT, VOTES_PER_NIGHT - votesUsed));
}

/** 'Your Vote Power': three dots, one filled per vote left, and 'N votes left'. */
export const VotePower = memo(function VotePower({ votesUsed }: { votesUsed: number }) {
  const left = votesLeft(votesUsed);
  return (
    <Wrap>
      <Title>Your Vote Power</Title>
      <Dots role="img" aria-label={`${left} of ${VOTES_PER_NIGHT} votes left`}>
        {Array.from({ length: VOTES_PER_NIGHT }, (_, i) => (
          <Dot key={i} data-testid="vote-dot" data-left={i < left} />
        ))}
      </Dots>
      <Left aria-live="polite">
        {left} {left === 1 ? 'vote' : 'votes'} left
      </Left>
    </Wrap>
  );
});
