import { render } from '@testing-library/react';
import { EventArt, artSeed } from './event-art';

describe('EventArt', () => {
  it('draws the same picture for an event every time and different ones for different events', () => {
    const a = render(<EventArt seed="e1" />).container.innerHTML;
    const again = render(<EventArt seed="e1" />).container.innerHTML;
    const b = render(<EventArt seed="e2" />).container.innerHTML;
    expect(a).toBe(again);
    expect(a).not.toBe(b);
    expect(artSeed('e1')).not.toBe(artSeed('e2'));
  });

  it('is decorative: hidden from screen readers', () => {
    const { container } = render(<EventArt seed="e1" />);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
