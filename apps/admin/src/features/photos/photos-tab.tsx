import styled from 'styled-components';
import { Badge, theme, CardGrid } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  adminActionFailed,
  imageSources,
  photoMessages,
  useAdminPhotos,
  usePhotoModerateMutation,
  type AdminPhoto,
  type PhotoAction,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { formatDateTime } from '../shared/format';
import { Actions, EmptyState, Meta, QueryFrame, TabSection, SmallButton } from '../shared/ui';

const Tile = styled.li`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow: hidden;
  display: flex;
  flex-direction: column;
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 3;
    object-fit: cover;
    background: ${theme.colors.bg};
  }
  > div {
    padding: ${theme.space(4)};
    display: flex;
    flex-direction: column;
    gap: ${theme.space(2)};
  }
`;

function PhotoTile({
  photo,
  busy,
  onAction,
}: {
  photo: AdminPhoto;
  busy: boolean;
  onAction: (action: PhotoAction) => void;
}) {
  const label = photo.caption || 'Member photo';
  const state = photo.is_approved ? 'approved' : photo.rejected_at ? 'rejected' : 'pending';
  return (
    <Tile aria-label={`${label}, ${state}`}>
      <img
        src={imageSources(photo.image_url, { widths: [480], aspect: 4 / 3 })?.src}
        alt={label}
        width={480}
        height={360}
        loading="lazy"
      />
      <div>
        <Actions>
          <Badge
            $tone={state === 'approved' ? 'success' : state === 'rejected' ? 'danger' : 'warning'}
          >
            {state === 'approved' ? 'Approved' : state === 'rejected' ? 'Rejected' : 'Pending'}
          </Badge>
          {photo.is_featured ? <Badge $tone="accent">Featured</Badge> : null}
        </Actions>
        {photo.caption ? <Meta>{photo.caption}</Meta> : null}
        <Meta>
          Uploaded by {photo.uploader ?? 'a former member'} · {formatDateTime(photo.created_at)}
        </Meta>
        <Actions>
          {photo.is_approved ? (
            <>
              <SmallButton
                type="button"
                $variant={photo.is_featured ? 'ghost' : 'accent'}
                aria-pressed={photo.is_featured}
                disabled={busy}
                onClick={() => onAction(photo.is_featured ? 'unfeature' : 'feature')}
              >
                {photo.is_featured ? 'Unfeature' : 'Feature'}
              </SmallButton>
              <SmallButton
                type="button"
                $variant="ghost"
                disabled={busy}
                onClick={() => onAction('hide')}
              >
                Hide
              </SmallButton>
            </>
          ) : (
            <>
              <SmallButton type="button" disabled={busy} onClick={() => onAction('approve')}>
                Approve
              </SmallButton>
              {state === 'pending' ? (
                <SmallButton
                  type="button"
                  $variant="danger"
                  disabled={busy}
                  onClick={() => onAction('reject')}
                >
                  Reject
                </SmallButton>
              ) : null}
            </>
          )}
        </Actions>
      </div>
    </Tile>
  );
}

/** Every photo: approve or reject pending ones; feature or hide approved ones. */
export function PhotosTab() {
  const adminId = useUserId() ?? '';
  const photos = useAdminPhotos();
  const moderate = usePhotoModerateMutation({
    onSuccess: (_data, vars) => notify(photoMessages[vars.action]),
  });
  const pending = photos.data?.filter((p) => !p.is_approved && !p.rejected_at).length ?? 0;
  return (
    <TabSection
      headingId="photos-heading"
      title="Photo Wall"
      aside={photos.data ? <Badge $tone="warning">{pending} awaiting review</Badge> : null}
    >
      <QueryFrame query={photos} loadingLabel="Loading photos…">
        {photos.data?.length ? (
          <CardGrid aria-label="Photos">
            {photos.data.map((photo) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                busy={moderate.isPending && moderate.variables?.id === photo.id}
                onAction={(action) =>
                  moderate.mutate(
                    { id: photo.id, action, adminId },
                    { onError: (error) => notify(adminActionFailed(error)) },
                  )
                }
              />
            ))}
          </CardGrid>
        ) : (
          <EmptyState>No photos have been uploaded yet.</EmptyState>
        )}
      </QueryFrame>
    </TabSection>
  );
}
