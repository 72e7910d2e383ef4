import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Input, Label, Row, toast } from '@bistro/ui';
import {
  requestOutcomeToast,
  songRequestInsertErrorToast,
  songRequestToasts,
  useRequestSongMutation,
  TEXT_LIMITS,
} from '@bistro/data';

// The word list (about 19 kB gzipped) loads when the dialog first opens, not with the page.
const loadProfanityCheck = () => import('./profanity');

/**
 * 'Drop a Request': Song Title and Artist, both required after trimming
 * (submit stays disabled until then), checked for profanity here and again by
 * the database. The database also decides whether the song is new tonight
 * or already on the list (then the member's vote is added to it); the toast
 * says which. Without a connection the request is kept on the phone, listed as
 * waiting to send, and sent when the connection returns. Closes and clears on
 * success (sent or kept).
 */
export function DropRequestDialog({
  open,
  onOpenChange,
  onRequested,
  userId,
}: {
  /** The signed-in member (a request made offline is kept on the device under their id). */
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the request the song is now on the list as (new, or voted up). */
  onRequested?: (requestId: string) => void;
}) {
  const titleId = useId();
  const artistId = useId();
  const [songTitle, setSongTitle] = useState('');
  const [artist, setArtist] = useState('');
  const create = useRequestSongMutation({
    onSuccess: (result) => {
      toast(requestOutcomeToast(result.outcome));
      if (result.request) onRequested?.(result.request.id);
      setSongTitle('');
      setArtist('');
      onOpenChange(false);
    },
    onError: (error) => toast(songRequestInsertErrorToast(error)),
  });

  const [checking, setChecking] = useState(false);
  useEffect(() => {
    if (open) void loadProfanityCheck();
  }, [open]);

  const title = songTitle.trim();
  const by = artist.trim();
  const canSubmit = title.length > 0 && by.length > 0 && !create.isPending && !checking;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setChecking(true);
    try {
      const { containsProfanity } = await loadProfanityCheck();
      if (containsProfanity(title, by)) {
        toast(songRequestToasts.profanity);
        return;
      }
    } catch (error) {
      // The check's code could not load (offline?): the database still checks.
      console.warn('Profanity check unavailable', error);
    } finally {
      setChecking(false);
    }
    create.mutate({ songTitle: title, artist: by, userId });
  };

  const cancel = () => {
    setSongTitle('');
    setArtist('');
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Drop a Request"
      description="What should the DJ spin next? Everyone can vote on it."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field>
          <Label htmlFor={titleId}>Song Title</Label>
          <Input
            id={titleId}
            value={songTitle}
            onChange={(e) => setSongTitle(e.target.value)}
            autoComplete="off"
            maxLength={TEXT_LIMITS.song_requests.song_title}
            required
          />
        </Field>
        <Field>
          <Label htmlFor={artistId}>Artist</Label>
          <Input
            id={artistId}
            value={artist}
            onChange={(e) => setArtist(e.target.value)}
            autoComplete="off"
            maxLength={TEXT_LIMITS.song_requests.artist}
            required
          />
        </Field>
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button type="button" $variant="ghost" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {create.isPending || checking ? 'Submitting…' : 'Submit Request'}
          </Button>
        </Row>
      </form>
    </Dialog>
  );
}
