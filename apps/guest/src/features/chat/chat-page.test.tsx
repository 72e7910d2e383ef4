import { act, fireEvent, render, screen } from '@testing-library/react';
import { testVenue as venue } from '../../test/venue';

vi.mock('@bistro/data', async (importOriginal) =>
  (await import('../../test/venue-mock')).withTestVenue(importOriginal),
);
import { MemoryRouter } from 'react-router-dom';
import { CHAT_REPLY_DELAY_MS, ChatPage } from './chat-page';

describe('ChatPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const send = (text: string) => {
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  };

  it('shows the user message, a typing indicator for 1 s, then the reply', () => {
    render(
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>,
    );
    send('Is there valet parking?');
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('Is there valet parking?');
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    expect(log).not.toHaveTextContent('Valet parking runs');

    act(() => vi.advanceTimersByTime(CHAT_REPLY_DELAY_MS - 1));
    expect(log).not.toHaveTextContent('Valet parking runs');
    act(() => vi.advanceTimersByTime(1));
    expect(log).toHaveTextContent('Valet parking runs');
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).not.toBeInTheDocument();
  });

  it('answers an unknown question with the phone number', () => {
    render(
      <MemoryRouter>
        <ChatPage />
      </MemoryRouter>,
    );
    send('zzzz qqqq');
    act(() => vi.advanceTimersByTime(CHAT_REPLY_DELAY_MS));
    expect(screen.getByRole('log')).toHaveTextContent(venue.phone);
  });

  it('keeps working where scrollIntoView returns a promise (current Chromium)', () => {
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function () {
      return Promise.resolve() as unknown as void;
    };
    try {
      render(
        <MemoryRouter>
          <ChatPage />
        </MemoryRouter>,
      );
      send('What are your hours?');
      act(() => vi.advanceTimersByTime(CHAT_REPLY_DELAY_MS));
      send('<img src=x onerror="window.__xss=1">');
      expect(screen.getByRole('log')).toHaveTextContent('<img src=x onerror="window.__xss=1">');
      expect(screen.getByRole('log').querySelector('img')).toBeNull();
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
