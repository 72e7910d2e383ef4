import { memo, useEffect, useState } from 'react';
import { Disc3 } from 'lucide-react';
import styled from 'styled-components';
import {
  Button,
  Card,
  ErrorState,
  Heading,
  LoadingState,
  Muted,
  Page,
  media,
  theme,
  toast,
} from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import { djPageToasts, imageSources, useActiveDjs, type Dj } from '@bistro/data';
import { StarDisplay } from '../ratings/star-display';
import { DjRatingDialog } from './dj-rating-dialog';

const Grid = styled.ul`
  list-style: none;
  margin: ${theme.space(6)} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(4)};
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const DjItem = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  height: 100%;
  h2 {
    display: flex;
    align-items: center;
    gap: ${theme.space(2)};
    margin: 0;
    font-size: 1.25rem;
  }
`;

const Genres = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  li {
    padding: 2px ${theme.space(2)};
    border-radius: ${theme.radii.pill};
    border: 1px solid ${theme.colors.border};
    font-size: 0.85rem;
    color: ${theme.colors.textMuted};
  }
`;

// A square portrait whose box is sized before the image arrives: nothing moves when it loads.
const Portrait = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
`;

const PORTRAIT_WIDTHS = [320, 480, 640, 800] as const;

const Rating = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  color: ${theme.colors.textMuted};
`;

const Bio = styled(Muted)`
  margin: 0;
`;

/** At the card's foot, whatever the bio's length: the cards of a row line their buttons up. */
const RateButton = styled(Button)`
  margin-top: auto;
`;

const DjCard = memo(function DjCard({
  dj,
  onRate,
  first,
}: {
  dj: Dj;
  onRate: (dj: Dj) => void;
  /** The first card: its name is what the page's content paint is timed by. */
  first: boolean;
}) {
  const average = Number(dj.average_rating);
  const portrait = imageSources(dj.image_url, { widths: PORTRAIT_WIDTHS, aspect: 1 });
  return (
    <li>
      <DjItem as="article" aria-labelledby={`dj-${dj.id}`}>
        {portrait ? (
          <Portrait
            src={portrait.src}
            srcSet={portrait.srcSet}
            sizes="(min-width: 1200px) 360px, (min-width: 700px) 45vw, 100vw"
            width={800}
            height={800}
            alt={`Artwork for ${dj.name}`}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <h2 id={`dj-${dj.id}`} elementtiming={first ? 'djs-list' : undefined}>
          <Disc3 size={22} aria-hidden color={theme.colors.accent} /> {dj.name}
        </h2>
        {dj.genre_specialties.length > 0 ? (
          <Genres aria-label="Genres">
            {dj.genre_specialties.map((genre) => (
              <li key={genre}>{genre}</li>
            ))}
          </Genres>
        ) : null}
        <Rating>
          <StarDisplay value={average} />
          <span>
            {average.toFixed(1)} ({dj.total_ratings} {dj.total_ratings === 1 ? 'rating' : 'ratings'}
            )
          </span>
        </Rating>
        {dj.bio ? <Bio>{dj.bio}</Bio> : null}
        <RateButton
          type="button"
          $variant="accent"
          onClick={() => onRate(dj)}
          aria-label={`Rate DJ: ${dj.name}`}
        >
          Rate DJ
        </RateButton>
      </DjItem>
    </li>
  );
});

/** The DJ page (/djs): active DJs by name and the rating dialog. Members only. */
export function DjsPage() {
  const userId = useUserId() ?? '';
  const djs = useActiveDjs();
  const [selected, setSelected] = useState<Dj | null>(null);

  const failed = djs.isError;
  useEffect(() => {
    if (failed) toast(djPageToasts.loadDjsFailed);
  }, [failed]);

  let body;
  if (djs.isPending) body = <LoadingState label="Loading DJs…" />;
  else if (djs.isError && !djs.data)
    body = (
      <ErrorState title="Error" message="Failed to load DJs" onRetry={() => void djs.refetch()} />
    );
  else if (djs.data.length === 0)
    body = <Muted>No DJs are on the roster right now. Check back soon.</Muted>;
  else
    body = (
      <Grid>
        {djs.data.map((dj, i) => (
          <DjCard key={dj.id} dj={dj} onRate={setSelected} first={i === 0} />
        ))}
      </Grid>
    );

  return (
    <Page data-area="lounge" data-route="/djs">
      <Heading>Our DJs</Heading>
      <Muted>Meet the DJs behind the decks and tell us how their set went.</Muted>
      {body}
      {selected ? (
        <DjRatingDialog
          dj={selected}
          userId={userId}
          open
          onOpenChange={(open) => {
            if (!open) setSelected(null);
          }}
        />
      ) : null}
    </Page>
  );
}
