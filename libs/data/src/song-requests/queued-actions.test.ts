import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DataError } from '../lib/errors';
import type { QueuedAction } from '../offline/action-queue';
import { LOUNGE_ACTION, loungeWaiting, settleLoungeEvent } from './queued-actions';
import { songRequestKeys } from './keys';
import type { SongRequest } from './song-requests-query';

const action = (kind: string, payload: unknown, id = kind): QueuedAction => ({
  id,
  kind,
  userId: 'ann',
  payload,
  createdAt: 0,
  attempts: 0,
});

describe('loungeWaiting', () => {
  it('lists waiting requests and the vote each request will have once sent (the last change wins)', () => {
    const waiting = loungeWaiting([
      action(LOUNGE_ACTION.request, { songTitle: 'Halo', artist: 'Beyoncé' }, 'c1'),
      action(LOUNGE_ACTION.vote, { songRequestId: 'r1' }, 'c2'),
      action(LOUNGE_ACTION.vote, { songRequestId: 'r2' }, 'c3'),
      action(LOUNGE_ACTION.unvote, { songRequestId: 'r2' }, 'c4'),
      action('door_check_in', { code: 'X' }, 'c5'),
    ]);
    expect(waiting.requests).toEqual([{ id: 'c1', songTitle: 'Halo', artist: 'Beyoncé' }]);
    expect([...waiting.votes]).toEqual([
      ['r1', true],
      ['r2', false],
    ]);
  });
});

describe('settleLoungeEvent', () => {
  const client = () => new QueryClient();

  it("tells the member the server's reason for a refused vote", () => {
    const limit = new DataError({
      code: 'P0001',
      message: 'vote_limit_reached',
      hint: 'vote_limit_reached',
    });
    expect(
      settleLoungeEvent(client(), {
        type: 'refused',
        action: action(LOUNGE_ACTION.vote, { songRequestId: 'r1' }),
        error: limit,
      }),
    ).toMatchObject({ title: 'Vote Limit Reached! 🗳️' });
    const closed = new DataError({
      code: 'P0001',
      message: 'song_request_closed',
      hint: 'song_request_closed',
    });
    expect(
      settleLoungeEvent(client(), {
        type: 'refused',
        action: action(LOUNGE_ACTION.vote, { songRequestId: 'r1' }),
        error: closed,
      }),
    ).toMatchObject({ title: 'Voting Closed' });
  });

  it('tells what became of a request sent later, and puts it on the list', () => {
    const qc = client();
    const created: SongRequest = {
      id: 'r9',
      song_title: 'Halo',
      artist: 'Beyoncé',
      user_id: 'ann',
      requested_by_name: 'Ann',
      status: 'pending',
      vote_count: 0,
      event_date: '2026-01-14',
      created_at: new Date().toISOString(),
      song_key: 'halo|beyonce',
      queue_position: null,
      played_at: null,
    };
    qc.setQueryData(songRequestKeys.tonight('2026-01-14'), []);
    expect(
      settleLoungeEvent(qc, {
        type: 'sent',
        action: action(LOUNGE_ACTION.request, {}),
        result: { outcome: 'created', request: created },
      }),
    ).toMatchObject({ title: '🎵 Song Added to the Mix!' });
    expect(qc.getQueryData(songRequestKeys.tonight('2026-01-14'))).toEqual([created]);
    expect(
      settleLoungeEvent(qc, {
        type: 'sent',
        action: action(LOUNGE_ACTION.request, {}),
        result: { outcome: 'unavailable', request: null },
      }),
    ).toMatchObject({ title: 'Not Tonight' });
    expect(
      settleLoungeEvent(qc, {
        type: 'refused',
        action: action(LOUNGE_ACTION.request, {}),
        error: new DataError({ code: 'P0001', message: 'profanity_detected' }),
      }),
    ).toMatchObject({ title: 'Keep it Clean! 🎵' });
  });

  it("leaves other areas' actions alone", () => {
    expect(
      settleLoungeEvent(client(), {
        type: 'sent',
        action: action('door_check_in', {}),
        result: {},
      }),
    ).toBeNull();
  });
});
