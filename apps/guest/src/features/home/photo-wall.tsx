import { useRef } from 'react';
import styled from 'styled-components';
import { Camera } from 'lucide-react';
import {
  Button,
  Card,
  ErrorState,
  LoadingState,
  Muted,
  Row,
  safeImageUrl,
  theme,
  toast,
} from '@bistro/ui';
import {
  imageSources,
  isImageFile,
  photoUploaded,
  photoUploadFailed,
  useLatestPhotos,
  useMyPendingPhotos,
  usePhotoUploadMutation,
} from '@bistro/data';
import { SectionTitle } from '../shared/styles';

const WallHeader = styled(Row)`
  justify-content: space-between;
`;

const PhotoGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: repeat(3, 1fr);
`;

const OwnPhotos = styled(PhotoGrid)`
  margin-bottom: 12px;
`;

const Pending = styled.li<{ $rejected?: boolean }>`
  position: relative;
  span {
    position: absolute;
    left: ${theme.space(1)};
    right: ${theme.space(1)};
    bottom: ${theme.space(1)};
    padding: ${theme.space(1)};
    border-radius: ${theme.radii.sm};
    background: rgba(13, 11, 20, 0.85);
    color: ${({ $rejected }) => ($rejected ? theme.colors.danger : theme.colors.warning)};
    font-size: 0.8rem;
    font-weight: 700;
    text-align: center;
  }
`;

// Square tiles with their size set before the image arrives: nothing moves when it loads.
const Photo = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1;
  background: ${theme.colors.surface};
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
`;

/** A third of the page's width, phone to desktop, at 1x and 2x. */
const PHOTO_WIDTHS = [160, 240, 360, 480] as const;
const PHOTO_SIZES = '(min-width: 1200px) 380px, 33vw';

/** The 6 latest approved photos and an Upload Photo button (image files; pending until approved). */
export function PhotoWall({ userId }: { userId: string }) {
  const photos = useLatestPhotos();
  const pending = useMyPendingPhotos(userId);
  const waiting = pending.data?.filter((p) => !p.rejected_at) ?? [];
  const rejected = pending.data?.filter((p) => p.rejected_at) ?? [];
  const input = useRef<HTMLInputElement>(null);
  const upload = usePhotoUploadMutation({
    onSuccess: () => toast(photoUploaded),
    onError: (error) => toast(photoUploadFailed(error)),
  });

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isImageFile(file)) {
      toast(photoUploadFailed({ message: 'Please choose an image file.' }));
      return;
    }
    upload.mutate({ userId, file });
  };

  return (
    <section aria-labelledby="photo-wall-title">
      <WallHeader>
        <SectionTitle id="photo-wall-title">Photo Wall</SectionTitle>
        <Button
          type="button"
          $variant="accent"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          <Camera aria-hidden size={18} />
          {upload.isPending ? 'Uploading…' : 'Upload Photo'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label="Photo to upload"
          data-testid="photo-upload-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </WallHeader>
      <Muted>Share your night with us. New photos appear here once our team approves them.</Muted>
      {waiting.length ? (
        <OwnPhotos aria-label="Your photos waiting for approval">
          {waiting.map((photo) => (
            <Pending key={photo.id}>
              <Photo
                src={safeImageUrl(photo.image_url)}
                alt={`Your photo${photo.caption ? `: ${photo.caption}` : ''}`}
                width={300}
                height={300}
                loading="lazy"
              />
              <span>Waiting for approval</span>
            </Pending>
          ))}
        </OwnPhotos>
      ) : null}
      {rejected.length ? (
        <OwnPhotos aria-label="Your photos that were not approved">
          {rejected.map((photo) => (
            <Pending key={photo.id} $rejected>
              <Photo
                src={safeImageUrl(photo.image_url)}
                alt={`Your photo${photo.caption ? `: ${photo.caption}` : ''}`}
                width={300}
                height={300}
                loading="lazy"
              />
              <span>Not approved</span>
            </Pending>
          ))}
        </OwnPhotos>
      ) : null}
      {photos.isPending ? (
        <LoadingState label="Loading photos…" />
      ) : photos.isError ? (
        <ErrorState
          title="Could not load photos"
          message="Please try again."
          onRetry={() => void photos.refetch()}
        />
      ) : photos.data.length === 0 ? (
        <Card>
          <Muted>No photos on the wall yet. Be the first to share a victory moment!</Muted>
        </Card>
      ) : (
        <PhotoGrid aria-label="Latest photos">
          {photos.data.map((photo) => {
            const src = imageSources(photo.image_url, { widths: PHOTO_WIDTHS, aspect: 1 });
            return src ? (
              <li key={photo.id}>
                <Photo
                  src={src.src}
                  srcSet={src.srcSet}
                  sizes={PHOTO_SIZES}
                  width={480}
                  height={480}
                  alt={photo.caption ?? 'Guest photo'}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ) : null;
          })}
        </PhotoGrid>
      )}
    </section>
  );
}
