import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushState } from '@bistro/data';
import { PlayingAlerts } from './playing-alerts';

const state = vi.hoisted(() => ({ push: undefined as PushState | undefined, mutate: vi.fn() }));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    usePushState: () => ({ data: state.push }),
    usePushSubscribeMutation: () => ({ mutate: state.mutate, isPending: false }),
  };
});

describe('PlayingAlerts', () => {
  it('offers the notification where the browser and the venue support it, and asks on a tap', async () => {
    state.push = 'available';
    render(<PlayingAlerts userId="member-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Tell me when my song plays' }));
    expect(state.mutate).toHaveBeenCalledWith({ userId: 'member-1' });
  });

  it.each([
    ['on', "You'll get a notification when your song plays."],
    ['blocked', 'Notifications are blocked for this site in your browser settings.'],
  ] as const)('says so when it is %s', (push, text) => {
    state.push = push;
    render(<PlayingAlerts userId="member-1" />);
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each(['unsupported', 'off', undefined] as const)('shows nothing when %s', (push) => {
    state.push = push;
    const { container } = render(<PlayingAlerts userId="member-1" />);
    expect(container).toBeEmptyDOMElement();
  });
});
