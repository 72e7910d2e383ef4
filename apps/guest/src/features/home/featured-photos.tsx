import styled from 'styled-components';
import { safeImageUrl, theme } from '@bistro/ui';
import { useFeaturedPhotos } from '@bistro/data';
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

/** The photos an admin featured on the photo wall, for everyone on the home page. */
export function FeaturedPhotos() {
  const photos = useFeaturedPhotos();
  // Nothing to show (none featured, or they could not be loaded): the section stays out.
  if (!photos.data?.length) return null;
  return (
    <section aria-labelledby="featured-photos-title">
      <SectionTitle id="featured-photos-title">From the Photo Wall</SectionTitle>
      <Grid aria-label="Featured photos">
        {photos.data.map((photo) => (
          <li key={photo.id}>
            <Photo
              src={safeImageUrl(photo.image_url)}
              alt={photo.caption || 'Guest photo'}
              width={300}
              height={300}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </Grid>
    </section>
  );
}
