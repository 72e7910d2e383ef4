import { memo } from 'react';
import { Bell, BellOff, BellRing } from 'lucide-react';
import styled from 'styled-components';
import { Button, theme, toast } from '@bistro/ui';
import { usePushState, usePushSubscribeMutation } from '@bistro/data';

const Note = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin: ${theme.space(3)} 0 0;
  color: ${theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Ask = styled(Button)`
  margin-top: ${theme.space(3)};
`;

/**
 * "Your song is playing" with the app in the background: offered where this browser can
 * receive Web Push and the venue has set it up; nothing is shown otherwise. Memoised: the
 * page's renders (a vote, a poll) leave it alone.
 */
export const PlayingAlerts = memo(function PlayingAlerts({ userId }: { userId: string }) {
  const state = usePushState(userId || undefined);
  const subscribe = usePushSubscribeMutation({
    onSuccess: (result) => {
      if (result === 'on') {
        toast({
          title: 'Notifications On 🔔',
          description: "We'll tell you when your song plays, even with the app closed",
          variant: 'success',
        });
      }
    },
    onError: () =>
      toast({
        title: 'Notifications Error',
        description: "Couldn't turn on notifications. Try again!",
        variant: 'destructive',
      }),
  });
  switch (state.data) {
    case 'on':
      return (
        <Note>
          <BellRing size={16} aria-hidden /> You&apos;ll get a notification when your song plays.
        </Note>
      );
    case 'blocked':
      return (
        <Note>
          <BellOff size={16} aria-hidden /> Notifications are blocked for this site in your browser
          settings.
        </Note>
      );
    case 'available':
      return (
        <Ask
          type="button"
          $variant="ghost"
          disabled={subscribe.isPending}
          onClick={() => subscribe.mutate({ userId })}
        >
          <Bell size={18} aria-hidden /> Tell me when my song plays
        </Ask>
      );
    default:
      return null;
  }
});
