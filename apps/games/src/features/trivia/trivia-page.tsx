import { useEffect, useRef } from 'react';
import styled, { css } from 'styled-components';
import { Check, X } from 'lucide-react';
import { Badge, Button, Card, Muted, Row, Stack, theme, VisuallyHidden } from '@bistro/ui';
import { useMachine } from '../machine/use-machine';
import type { Scheduler } from '../machine/scheduler';
import { GamePage } from '../game-frame/game-frame';
import { questionBank } from './question-bank';
import {
  drawQuestions,
  triviaDefinition,
  triviaScoreMessage,
  TRIVIA_QUESTION_COUNT,
  TRIVIA_SECONDS_PER_QUESTION,
  type TriviaQuestion,
  type TriviaState,
} from './trivia-machine';

const QuestionHeading = styled.h2`
  font-size: 1.35rem;
  margin: ${theme.space(4)} 0;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
  }
`;

const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
`;

type OptionTone = 'neutral' | 'right' | 'wrong' | 'faded';

const OptionButton = styled.button<{ $tone: OptionTone }>`
  width: 100%;
  min-height: 52px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  padding: ${theme.space(3)} ${theme.space(4)};
  border-radius: ${theme.radii.md};
  border: 2px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  text-align: left;
  font-weight: 600;
  cursor: pointer;
  &:hover:enabled {
    border-color: ${theme.colors.primary};
  }
  &:disabled {
    cursor: default;
  }
  ${({ $tone }) =>
    $tone === 'right'
      ? css`
          border-color: ${theme.colors.success};
          background: rgba(74, 222, 128, 0.15);
        `
      : $tone === 'wrong'
        ? css`
            border-color: ${theme.colors.danger};
            background: rgba(255, 107, 107, 0.15);
          `
        : $tone === 'faded'
          ? css`
              opacity: 0.6;
            `
          : ''}
`;

const Countdown = styled.div<{ $urgent: boolean }>`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ $urgent }) => ($urgent ? theme.colors.danger : theme.colors.text)};
`;

const Bar = styled.div`
  flex: 1;
  min-width: 120px;
  height: 8px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.border};
  overflow: hidden;
`;

const BarFill = styled.div<{ $urgent: boolean }>`
  height: 100%;
  /* Steps once a second with the number beside it (an eased bar would lag a second behind). */
  background: ${({ $urgent }) => ($urgent ? theme.colors.danger : theme.colors.accent)};
`;

const Feedback = styled.p<{ $good: boolean }>`
  min-height: 1.5em;
  margin: ${theme.space(4)} 0 0;
  font-weight: 700;
  color: ${({ $good }) => ($good ? theme.colors.success : theme.colors.danger)};
`;

const BigScore = styled.p`
  font-size: 2.5rem;
  font-weight: 800;
  margin: 0;
  color: ${theme.colors.accent};
`;

function optionTone(state: TriviaState, question: TriviaQuestion, i: number): OptionTone {
  if (state.phase !== 'answered') return 'neutral';
  if (i === question.answer) return 'right';
  if (i === state.choice) return 'wrong';
  return 'faded';
}

function resultText(state: TriviaState, question: TriviaQuestion): string {
  if (state.phase !== 'answered') return '';
  const right = question.options[question.answer];
  if (state.correct) return 'Correct!';
  if (state.choice === null) return `Time's up! The answer was ${right}.`;
  return `Wrong! The answer was ${right}.`;
}

/** /games/trivia-blast */
export function TriviaPage({
  scheduler,
  random = Math.random,
}: {
  scheduler?: Scheduler;
  random?: () => number;
}) {
  const [state, send] = useMachine(() => triviaDefinition, scheduler);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questionKey =
    state.phase === 'playing' || state.phase === 'answered' ? state.index : state.phase;

  // Keyboard and screen-reader users land on each new question and on the result.
  useEffect(() => {
    if (questionKey !== 'idle') headingRef.current?.focus();
  }, [questionKey]);

  const start = () =>
    send({ type: 'start', questions: drawQuestions(questionBank, TRIVIA_QUESTION_COUNT, random) });

  if (state.phase === 'idle') {
    return (
      <GamePage path="/games/trivia-blast">
        <Card>
          <Stack $gap={3}>
            <Muted>
              {TRIVIA_QUESTION_COUNT} questions about the bistro, music and Cleveland. You have{' '}
              {TRIVIA_SECONDS_PER_QUESTION} seconds for each one; running out of time counts as a
              wrong answer.
            </Muted>
            <div>
              <Button type="button" onClick={start}>
                Start Trivia
              </Button>
            </div>
          </Stack>
        </Card>
      </GamePage>
    );
  }

  if (state.phase === 'finished') {
    const total = state.questions.length;
    return (
      <GamePage path="/games/trivia-blast">
        <Card>
          <Stack $gap={3}>
            <QuestionHeading ref={headingRef} tabIndex={-1}>
              Final score
            </QuestionHeading>
            <div role="status">
              <BigScore>
                {state.score} / {total}
              </BigScore>
              <p>{triviaScoreMessage(state.score, total)}</p>
            </div>
            <div>
              <Button type="button" onClick={start}>
                Play Again
              </Button>
            </div>
          </Stack>
        </Card>
      </GamePage>
    );
  }

  const question = state.questions[state.index];
  if (!question) return null;
  const secondsLeft = state.phase === 'playing' ? state.secondsLeft : 0;
  const urgent = state.phase === 'playing' && secondsLeft <= 5;
  const result = resultText(state, question);
  return (
    <GamePage path="/games/trivia-blast">
      <Card>
        <Row $gap={3} style={{ justifyContent: 'space-between' }}>
          <Badge $size="md">
            Question {state.index + 1} of {state.questions.length}
          </Badge>
          <Badge $size="md" $tone="accent">
            Score: {state.score}
          </Badge>
        </Row>
        <Countdown $urgent={urgent} style={{ marginTop: theme.space(4) }}>
          <span role="timer" aria-label="Time left">
            {state.phase === 'playing' ? `${secondsLeft}s` : '—'}
          </span>
          <Bar aria-hidden="true">
            <BarFill
              $urgent={urgent}
              style={{ width: `${(secondsLeft / TRIVIA_SECONDS_PER_QUESTION) * 100}%` }}
            />
          </Bar>
        </Countdown>
        <VisuallyHidden aria-live="polite">{urgent ? '5 seconds left' : ''}</VisuallyHidden>
        <QuestionHeading ref={headingRef} tabIndex={-1}>
          <VisuallyHidden>{question.category} question: </VisuallyHidden>
          {question.prompt}
        </QuestionHeading>
        <Options>
          {question.options.map((option, i) => {
            const tone = optionTone(state, question, i);
            return (
              <li key={option}>
                <OptionButton
                  type="button"
                  $tone={tone}
                  disabled={state.phase !== 'playing'}
                  onClick={() => send({ type: 'answer', choice: i })}
                >
                  <span>{option}</span>
                  {tone === 'right' ? <Check aria-label="right answer" /> : null}
                  {tone === 'wrong' ? <X aria-label="your answer" /> : null}
                </OptionButton>
              </li>
            );
          })}
        </Options>
        <Feedback role="status" $good={state.phase === 'answered' && state.correct}>
          {result}
        </Feedback>
      </Card>
    </GamePage>
  );
}
