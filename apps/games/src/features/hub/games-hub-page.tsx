import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Lock, Trophy } from 'lucide-react';
import { Badge, ButtonLink, Card, LoadingState, Muted, theme, CardGrid } from '@bistro/ui';
import { useAuthStore } from '@bistro/auth';
import { GamePage } from '../game-frame/game-frame';
import { gamesCatalog, type GameCardInfo } from './games-catalog';

/** The hub's points display stays at 0: points are not stored yet. */
const MEMBER_POINTS = 0;

const Intro = styled(Muted)`
  max-width: 60ch;
`;

const Points = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin: 0 0 ${theme.space(6)};
  padding: ${theme.space(2)} ${theme.space(4)};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  font-weight: 600;
  strong {
    color: ${theme.colors.accent};
    font-size: 1.25rem;
  }
`;

const GameCard = styled(Card)`
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const CardTop = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  svg {
    color: ${theme.colors.primary};
  }
`;

const CardTitle = styled.h2`
  margin: 0;
  font-size: 1.25rem;
`;

const Blurb = styled(Muted)`
  flex: 1;
  margin: 0;
`;

const SignInCard = styled(Card)`
  max-width: 480px;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(3)};
  h2 {
    display: flex;
    align-items: center;
    gap: ${theme.space(2)};
    margin: 0;
    font-size: 1.25rem;
  }
`;

function GameCardItem({ game }: { game: GameCardInfo }) {
  const Icon = game.icon;
  return (
    <li>
      <GameCard as="article" aria-labelledby={`game-${game.id}`}>
        <CardTop>
          <Icon size={32} aria-hidden="true" />
          {game.difficulty ? (
            <Badge $size="md" $tone="accent">
              {game.difficulty}
            </Badge>
          ) : (
            <Badge $size="md">Coming soon</Badge>
          )}
        </CardTop>
        <CardTitle id={`game-${game.id}`}>{game.title}</CardTitle>
        <Blurb>{game.blurb}</Blurb>
        <ButtonLink
          as={Link}
          to={game.path}
          $variant={game.difficulty ? 'primary' : 'ghost'}
          aria-label={
            game.difficulty ? `Play ${game.title}` : `Take a look at ${game.title} (coming soon)`
          }
        >
          {game.difficulty ? 'Play' : 'Take a look'}
        </ButtonLink>
      </GameCard>
    </li>
  );
}

/** /games: members pick a game; visitors are asked to sign in. */
export function GamesHubPage() {
  const status = useAuthStore((s) => s.status);
  return (
    <GamePage path="/games" backLink={false}>
      {status === 'loading' ? <LoadingState label="Loading games…" /> : null}
      {status === 'signedOut' ? (
        <SignInCard>
          <h2>
            <Lock size={20} aria-hidden="true" />
            Sign In Required
          </h2>
          <Muted>Games are for members. Sign in to play trivia, word chain and memory match.</Muted>
          <ButtonLink as={Link} to="/auth">
            Sign In
          </ButtonLink>
        </SignInCard>
      ) : null}
      {status === 'signedIn' ? (
        <>
          <Intro>Play a round between sets. New games are on their way.</Intro>
          <Points>
            <Trophy size={20} aria-hidden="true" />
            Your points: <strong>{MEMBER_POINTS}</strong>
          </Points>
          <CardGrid>
            {gamesCatalog.map((game) => (
              <GameCardItem key={game.id} game={game} />
            ))}
          </CardGrid>
        </>
      ) : null}
    </GamePage>
  );
}
