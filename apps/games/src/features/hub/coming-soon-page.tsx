import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Hourglass } from 'lucide-react';
import { ButtonLink, Card, Muted, theme } from '@bistro/ui';
import { GamePage } from '../game-frame/game-frame';

const Body = styled(Card)`
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
  svg {
    color: ${theme.colors.accent};
  }
`;

/** /games/guess-the-throwback, /games/beat-the-clock, /games/rap-it-or-scrap-it. */
export function ComingSoonPage({ path }: { path: string }) {
  return (
    <GamePage path={path} backLink={false}>
      <Body>
        <h2>
          <Hourglass size={22} aria-hidden="true" />
          Coming soon
        </h2>
        <Muted>We&apos;re still building this game. Check back soon!</Muted>
        <ButtonLink as={Link} to="/games">
          Back to Games
        </ButtonLink>
      </Body>
    </GamePage>
  );
}
