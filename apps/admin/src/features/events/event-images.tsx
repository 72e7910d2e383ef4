import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Field, Input, Label, Muted, theme } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  eventImageMessages,
  imageSources,
  useAdminEventImages,
  useEventImageAddMutation,
  useEventImageRemoveMutation,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { SmallButton } from '../shared/ui';

const Box = styled.details`
  border-top: 1px solid ${theme.colors.border};
  padding-top: ${theme.space(2)};
  summary {
    cursor: pointer;
    font-weight: 600;
  }
`;

const Thumbs = styled.ul`
  list-style: none;
  margin: ${theme.space(2)} 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: ${theme.radii.sm};
    border: 1px solid ${theme.colors.border};
  }
  p {
    margin: ${theme.space(1)} 0;
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${theme.space(2)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  align-items: end;
`;

/** An event's gallery in the dashboard: its images in order, remove one, add one with its description. */
export function EventImagesEditor({
  eventId,
  eventTitle,
}: {
  eventId: string;
  eventTitle: string;
}) {
  const adminId = useUserId() ?? '';
  const images = useAdminEventImages(eventId);
  const ids = { file: useId(), alt: useId() };
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const add = useEventImageAddMutation({
    onSuccess: () => {
      notify(eventImageMessages.added);
      setFile(null);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
    },
    onError: (error) => notify(eventImageMessages.failed(error)),
  });
  const remove = useEventImageRemoveMutation({
    onSuccess: () => notify(eventImageMessages.removed),
    onError: (error) => notify(eventImageMessages.failed(error)),
  });
  const list = images.data ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file || !alt.trim()) return;
    const position = list.reduce((max, i) => Math.max(max, i.position + 1), 0);
    add.mutate({ eventId, adminId, file, altText: alt, position });
  };

  return (
    <Box>
      <summary>Images{images.data ? ` (${list.length})` : ''}</summary>
      {images.isPending ? (
        <Muted>Loading images…</Muted>
      ) : images.isError ? (
        <Muted role="alert">Could not load the images.</Muted>
      ) : list.length === 0 ? (
        <Muted>No images yet. Guests see the event&apos;s cover only.</Muted>
      ) : (
        <Thumbs aria-label={`Images of ${eventTitle}`}>
          {list.map((image) => {
            const src = imageSources(image.image_url, { widths: [320], aspect: 16 / 9 });
            return (
              <li key={image.id}>
                {src ? (
                  <img src={src.src} alt={image.alt_text} width={320} height={180} loading="lazy" />
                ) : null}
                <p>{image.alt_text || 'No description'}</p>
                <SmallButton
                  type="button"
                  $variant="danger"
                  disabled={remove.isPending}
                  aria-label={`Remove image: ${image.alt_text || 'no description'}`}
                  onClick={() => remove.mutate({ id: image.id, imageUrl: image.image_url })}
                >
                  Remove
                </SmallButton>
              </li>
            );
          })}
        </Thumbs>
      )}
      <Form onSubmit={submit} aria-label={`Add an image to ${eventTitle}`}>
        <Field>
          <Label htmlFor={ids.file}>Image file</Label>
          <Input
            id={ids.file}
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Field>
          <Label htmlFor={ids.alt}>What the image shows (for screen readers)</Label>
          <Input
            id={ids.alt}
            value={alt}
            maxLength={300}
            placeholder="Neon lights over the dance floor"
            onChange={(e) => setAlt(e.target.value)}
          />
        </Field>
        <SmallButton type="submit" disabled={add.isPending || !file || !alt.trim()}>
          {add.isPending ? 'Adding…' : 'Add image'}
        </SmallButton>
      </Form>
    </Box>
  );
}
