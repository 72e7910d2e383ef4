import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Badge, Button, Card, ErrorState, Muted, Row, Stack, Subheading, theme } from '@bistro/ui';
import { useMachine } from '../machine/use-machine';
import { GamePage } from '../game-frame/game-frame';
import { loadDictionary } from './dictionary';
import {
  checkWord,
  initialWordChainState,
  MIN_WORD_LENGTH,
  normalizeWord,
  PLAYER_COUNTS,
  reduceWordChain,
  rejectionMessage,
  requiredLetter,
  STARTING_WORDS,
  type Dictionary,
  type WordChainEvent,
  type WordChainState,
} from './word-chain-machine';
import type { MachineDefinition } from '../machine/machine';

const wordChainDefinition: MachineDefinition<WordChainState, WordChainEvent> = {
  initial: initialWordChainState,
  reduce: reduceWordChain,
  timer: () => null,
};

type DictionaryState =
  { status: 'loading' } | { status: 'ready'; isWord: Dictionary } | { status: 'error' };

/** Loads the word list (its own chunk) when the page opens. */
function useDictionary(load: () => Promise<Dictionary>) {
  const [state, setState] = useState<DictionaryState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (isWord) => live && setState({ status: 'ready', isWord }),
      (error: unknown) => {
        console.error('[games] the word list could not be loaded', error);
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, retry] as const;
}

const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    font-weight: 700;
    margin-bottom: ${theme.space(2)};
    padding: 0;
  }
`;

const ChoiceList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;

/** A radio button drawn as a pill; the input stays in the page for keyboards and readers. */
const Choice = styled.label`
  position: relative;
  display: inline-flex;
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 ${theme.space(4)};
    border-radius: ${theme.radii.pill};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surfaceRaised};
    font-weight: 600;
  }
  input:checked + span {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
  }
  input:focus-visible + span {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** One choice among a few, as a row of pill-shaped radio buttons under a legend. */
function RadioChoices<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <Choices>
      <legend>{legend}</legend>
      <ChoiceList>
        {options.map((option) => (
          <Choice key={option}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{option}</span>
          </Choice>
        ))}
      </ChoiceList>
    </Choices>
  );
}

const WordForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  align-items: flex-end;
  label {
    display: flex;
    flex-direction: column;
    gap: ${theme.space(1)};
    flex: 1 1 200px;
    font-weight: 600;
  }
  input {
    min-height: 44px;
    padding: 0 ${theme.space(3)};
    border-radius: ${theme.radii.sm};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.bg};
    color: ${theme.colors.text};
  }
`;

const ErrorText = styled.p`
  margin: 0;
  min-height: 1.5em;
  color: ${theme.colors.danger};
  font-weight: 600;
`;

const Turn = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
  strong {
    color: ${theme.colors.accent};
  }
`;

const UsedWords = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  li {
    display: inline-flex;
    align-items: baseline;
    gap: ${theme.space(2)};
    padding: ${theme.space(1)} ${theme.space(3)};
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.surfaceRaised};
    border: 1px solid ${theme.colors.border};
  }
  small {
    color: ${theme.colors.textMuted};
  }
`;

/** /games/word-chain */
export function WordChainPage({ load = loadDictionary }: { load?: () => Promise<Dictionary> }) {
  const [state, send] = useMachine(() => wordChainDefinition);
  const [dictionary, retry] = useDictionary(load);
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  if (dictionary.status === 'error') {
    return (
      <GamePage path="/games/word-chain">
        <ErrorState
          title="Couldn't load the word list"
          message="Word Chain needs its English word list. Check your connection and try again."
          onRetry={retry}
        />
      </GamePage>
    );
  }

  if (state.phase === 'setup') {
    return (
      <GamePage path="/games/word-chain">
        <Card>
          <Stack $gap={5}>
            <Muted>
              Players take turns. Each word has to start with the last letter of the word before it,
              have at least {MIN_WORD_LENGTH} letters, be a real English word and not have been used
              yet.
            </Muted>
            <RadioChoices
              legend="Number of players"
              name="player-count"
              options={PLAYER_COUNTS}
              value={state.playerCount}
              onChange={(playerCount) => send({ type: 'setPlayerCount', playerCount })}
            />
            <RadioChoices
              legend="Starting word"
              name="starting-word"
              options={STARTING_WORDS}
              value={state.startingWord}
              onChange={(startingWord) => send({ type: 'setStartingWord', startingWord })}
            />
            <div>
              <Button
                type="button"
                onClick={() => {
                  setInput('');
                  send({ type: 'start' });
                }}
              >
                Start Game
              </Button>
            </div>
          </Stack>
        </Card>
      </GamePage>
    );
  }

  const letter = requiredLetter(state.played);
  const ready = dictionary.status === 'ready';
  const canSubmit = ready && normalizeWord(input).length >= MIN_WORD_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dictionary.status !== 'ready' || !canSubmit) return;
    const accepted = checkWord(input, state.played, dictionary.isWord).ok;
    send({ type: 'submit', word: input, isWord: dictionary.isWord });
    if (accepted) setInput('');
    inputRef.current?.focus();
  };

  return (
    <GamePage path="/games/word-chain">
      <Card>
        <Stack $gap={4}>
          <Row $gap={3} style={{ justifyContent: 'space-between' }}>
            <Turn aria-live="polite">
              Player {state.currentPlayer}&apos;s turn
              <br />
              <Muted as="span">
                Next word starts with <strong>{letter.toUpperCase()}</strong>
              </Muted>
            </Turn>
            <Badge $size="md">{state.playerCount} players</Badge>
          </Row>
          <WordForm onSubmit={submit} noValidate>
            <label>
              Your word
              <input
                ref={inputRef}
                value={input}
                onChange={(e) => setInput(e.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="send"
                aria-invalid={state.rejection ? true : undefined}
                aria-describedby={errorId}
              />
            </label>
            <Button type="submit" disabled={!canSubmit}>
              {ready ? 'Submit' : 'Loading words…'}
            </Button>
          </WordForm>
          <ErrorText id={errorId} role="alert">
            {state.rejection ? rejectionMessage(state.rejection) : ''}
          </ErrorText>
          <section aria-labelledby="used-words">
            <Subheading id="used-words" style={{ marginTop: 0 }}>
              Used words ({state.played.length})
            </Subheading>
            <UsedWords>
              {state.played.map((played) => (
                <li key={played.word}>
                  {played.word}
                  <small>{played.player === null ? 'start' : `Player ${played.player}`}</small>
                </li>
              ))}
            </UsedWords>
          </section>
          <div>
            <Button type="button" $variant="ghost" onClick={() => send({ type: 'newGame' })}>
              New Game
            </Button>
          </div>
        </Stack>
      </Card>
    </GamePage>
  );
}
