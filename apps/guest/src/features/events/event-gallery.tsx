import styled from 'styled-components';
import { theme } from '@bistro/ui';
import { imageSources, useEventImages } from '@bistro/data';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 180px), 1fr));
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 3 / 2;
    object-fit: cover;
    border-radius: ${theme.radii.sm};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
  }
`;

const Section = styled.section`
  grid-column: 1 / -1;
`;

const Title = styled.h2`
  font-size: 1.15rem;
  margin: ${theme.space(2)} 0 0;
`;

const GALLERY_WIDTHS = [240, 360, 480, 720] as const;

/**
 * The event's other images, below its description: each at the width its tile takes, loaded
 * lazily in a box of fixed shape. The cover, shown above, is left out. Nothing while they load
 * or when there are none (the page is complete without them).
 */
export function EventGallery({
  eventId,
  title,
  cover,
}: {
  eventId: string;
  title: string;
  cover: string | null;
}) {
  const images = useEventImages(eventId);
  const shown = (images.data ?? []).filter((i) => i.image_url !== cover);
  if (shown.length === 0) return null;
  return (
    <Section aria-labelledby="event-gallery-title">
      <Title id="event-gallery-title">Gallery</Title>
      <Grid aria-label={`Images of ${title}`}>
        {shown.map((image) => {
          const src = imageSources(image.image_url, { widths: GALLERY_WIDTHS, aspect: 3 / 2 });
          return src ? (
            <li key={image.id}>
              <img
                src={src.src}
                srcSet={src.srcSet}
                sizes="(min-width: 700px) 220px, 50vw"
                width={720}
                height={480}
                alt={image.alt_text}
                loading="lazy"
                decoding="async"
              />
            </li>
          ) : null;
        })}
      </Grid>
    </Section>
  );
}
