import styled from 'styled-components';
import { theme } from '@bistro/ui';
import { imageSources, useFeaturedPhotos } from '@bistro/data';
import { SectionTitle } from '../shared/styles';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
`;

// Square tiles with their size set before the image arrives: nothing moves when it loads.
const Photo = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
`;

const FEATURED_WIDTHS = [160, 240, 360, 480] as const;

/** The photos an admin featured on the photo wall, for everyone on the home page. */
export function FeaturedPhotos() {
  const photos = useFeaturedPhotos();
  // Nothing to show (none featured, or they could not be loaded): the section stays out.
  if (!photos.data?.length) return null;
  return (
    <section aria-labelledby="featured-photos-title">
      <SectionTitle id="featured-photos-title">From the Photo Wall</SectionTitle>
      <Grid aria-label="Featured photos">
        {photos.data.map((photo) => {
          const src = imageSources(photo.image_url, { widths: FEATURED_WIDTHS, aspect: 1 });
          return src ? (
            <li key={photo.id}>
              <Photo
                src={src.src}
                srcSet={src.srcSet}
                sizes="(min-width: 1200px) 200px, (min-width: 700px) 25vw, 50vw"
                alt={photo.caption || 'Guest photo'}
                width={480}
                height={480}
                loading="lazy"
                decoding="async"
              />
            </li>
          ) : null;
        })}
      </Grid>
    </section>
  );
}
