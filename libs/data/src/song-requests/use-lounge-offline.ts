import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ToastMessage } from '../lib/toast-message';
import { useActionQueueEvents, useQueuedActions } from '../offline/use-action-queue';
import {
  loungeWaiting,
  registerLoungeSenders,
  settleLoungeEvent,
  type LoungeWaiting,
} from './queued-actions';

/**
 * The lounge's side of the device's queue: the member's requests and vote changes
 * still waiting to be sent (shown in the lists at once), sent when the connection
 * returns; each one sent or refused later updates the lists and is told to the
 * member through `notify` (a refusal with the server's reason).
 */
export function useLoungeOffline(
  userId: string | undefined,
  notify: (message: ToastMessage) => void,
): LoungeWaiting {
  const client = useQueryClient();
  // the senders first: the member's actions kept from before go out as soon as the queue knows them
  useMemo(() => registerLoungeSenders(), []);
  const actions = useQueuedActions(userId);
  useActionQueueEvents((event) => {
    const message = settleLoungeEvent(client, event);
    if (message) notify(message);
  });
  return useMemo(() => loungeWaiting(actions), [actions]);
}
