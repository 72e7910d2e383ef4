import { render, screen } from '@testing-library/react';
import { Badge, badgeToneColour } from './badge';
import { theme } from './theme';

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('Badge', () => {
  it('is outlined in its tone, muted by default', () => {
    render(
      <>
        <Badge>Member</Badge>
        <Badge $tone="warning">Pending</Badge>
      </>,
    );
    expect(getComputedStyle(screen.getByText('Member')).color).toBe(rgb(theme.colors.textMuted));
    const pending = getComputedStyle(screen.getByText('Pending'));
    expect(pending.color).toBe(rgb(badgeToneColour.warning));
    expect(pending.backgroundColor).not.toBe(rgb(badgeToneColour.warning));
  });

  it('is filled with its tone, dark text, when solid', () => {
    render(
      <Badge $solid $tone="success">
        Approved
      </Badge>,
    );
    const approved = getComputedStyle(screen.getByText('Approved'));
    expect(approved.backgroundColor).toBe(rgb(theme.colors.success));
    expect(approved.color).toBe(rgb(theme.colors.bg));
  });

  it('is larger at size md', () => {
    render(
      <>
        <Badge>Small</Badge>
        <Badge $size="md">Large</Badge>
      </>,
    );
    expect(getComputedStyle(screen.getByText('Small')).fontSize).toBe('0.8rem');
    expect(getComputedStyle(screen.getByText('Large')).fontSize).toBe('0.875rem');
  });
});
