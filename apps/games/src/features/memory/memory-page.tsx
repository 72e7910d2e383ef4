import styled, { css } from 'styled-components';
import { Badge, Button, Card, Muted, Row, Stack, theme, VisuallyHidden } from '@bistro/ui';
import { useMachine } from '../machine/use-machine';
import type { Scheduler } from '../machine/scheduler';
import { GamePage } from '../game-frame/game-frame';
import {
  createMemoryDefinition,
  FIRST_SEQUENCE_LENGTH,
  levelPoints,
  MAX_SEQUENCE_LENGTH,
  PADS,
  randomSequence,
  type MemoryState,
} from './memory-machine';

const Board = styled.div`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${theme.space(3)};
  width: 100%;
  max-width: 420px;
  margin: ${theme.space(2)} auto;
`;

const PadButton = styled.button<{ $color: string; $lit: boolean; $waiting: boolean }>`
  aspect-ratio: 1;
  min-height: 44px;
  border-radius: ${theme.radii.lg};
  border: 3px solid ${({ $color }) => $color};
  background: ${({ $color, $lit }) => ($lit ? $color : `${$color}33`)};
  color: ${({ $lit }) => ($lit ? theme.colors.bg : theme.colors.text)};
  font-weight: 800;
  font-size: 1.1rem;
  cursor: ${({ $waiting }) => ($waiting ? 'default' : 'pointer')};
  ${({ $lit, $color }) =>
    $lit &&
    css`
      box-shadow: 0 0 32px ${$color};
    `}
  &:focus-visible {
    outline-offset: 4px;
  }
  &:active:not([aria-disabled='true']) {
    background: ${({ $color }) => $color};
    color: ${theme.colors.bg};
  }
  @media (prefers-reduced-motion: no-preference) {
    transition:
      background 120ms ease,
      box-shadow 120ms ease,
      transform 120ms ease;
    ${({ $lit }) =>
      $lit &&
      css`
        transform: scale(1.04);
      `}
  }
`;

const Message = styled.p`
  min-height: 1.5em;
  margin: 0;
  font-weight: 700;
  text-align: center;
`;

function statusMessage(state: MemoryState): string {
  switch (state.phase) {
    case 'notStarted':
      return '';
    case 'showing':
      return 'Watch the sequence…';
    case 'awaitingInput':
      return `Your turn: repeat the sequence (${state.inputIndex} of ${state.sequence.length})`;
    case 'levelComplete':
      return `Level ${state.level} complete! +${levelPoints(state.level)} points`;
    case 'gameOver': {
      const m = state.mistake;
      const detail = m
        ? ` That was ${PADS[m.pressed]?.name}; ${PADS[m.expected]?.name} was next.`
        : '';
      return `Game over!${detail}`;
    }
  }
}

/** /games/memory-match */
export function MemoryPage({
  scheduler,
  random = Math.random,
}: {
  scheduler?: Scheduler;
  random?: () => number;
}) {
  const [state, send] = useMachine(() => createMemoryDefinition(random), scheduler);
  const start = () =>
    send({ type: 'start', sequence: randomSequence(FIRST_SEQUENCE_LENGTH, random) });
  const litPad = state.phase === 'showing' && state.lit ? state.sequence[state.showIndex] : null;
  const waiting = state.phase !== 'awaitingInput';

  return (
    <GamePage path="/games/memory-match">
      <Card>
        <Stack $gap={4}>
          {state.phase === 'notStarted' ? (
            <Muted>
              Watch the pads light up, then press them in the same order. The sequence starts at{' '}
              {FIRST_SEQUENCE_LENGTH} steps and grows by one each level, up to {MAX_SEQUENCE_LENGTH}
              . Each level you complete is worth its number times 10 points.
            </Muted>
          ) : (
            <Row $gap={3} style={{ justifyContent: 'space-between' }}>
              <Badge $size="md">Level {state.level}</Badge>
              <Badge $size="md" $tone="accent">
                Score: {state.score}
              </Badge>
            </Row>
          )}
          <Message role="status">{statusMessage(state)}</Message>
          <VisuallyHidden aria-live="assertive">
            {litPad !== null && litPad !== undefined ? PADS[litPad]?.name : ''}
          </VisuallyHidden>
          <Board role="group" aria-label="Memory pads">
            {PADS.map((pad, i) => (
              <PadButton
                key={pad.name}
                type="button"
                $color={pad.color}
                $lit={litPad === i}
                $waiting={waiting}
                aria-disabled={waiting}
                data-lit={litPad === i ? 'true' : undefined}
                onClick={() => {
                  if (!waiting) send({ type: 'press', pad: i });
                }}
              >
                {pad.name}
              </PadButton>
            ))}
          </Board>
          {state.phase === 'notStarted' || state.phase === 'gameOver' ? (
            <div>
              <Button type="button" onClick={start}>
                {state.phase === 'gameOver' ? 'Play Again' : 'Start Game'}
              </Button>
            </div>
          ) : null}
          {state.phase === 'gameOver' ? (
            <Muted>
              You scored {state.score} points and reached level {state.level}.
            </Muted>
          ) : null}
        </Stack>
      </Card>
    </GamePage>
  );
}
