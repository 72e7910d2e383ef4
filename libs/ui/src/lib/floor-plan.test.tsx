import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FloorPlan } from './floor-plan';

const tables = [
  { id: 'a', name: 'V1', x: 0, y: 0, caption: '6 seats' },
  { id: 'b', name: 'V2', x: 2, y: 1, caption: 'Taken', disabled: true },
];

describe('FloorPlan', () => {
  it('places each table in its grid cell and lets a free one be chosen', async () => {
    const onSelect = vi.fn();
    render(<FloorPlan label="Floor" tables={tables} selectedId="a" onSelect={onSelect} />);
    const v1 = screen.getByRole('button', { name: /^V1/ });
    expect(v1).toHaveAttribute('aria-pressed', 'true');
    expect(getComputedStyle(v1).gridColumn).toMatch(/^1/);
    const v2 = screen.getByRole('button', { name: /^V2/ });
    expect(v2).toBeDisabled();
    expect(getComputedStyle(v2).gridColumn).toMatch(/^3/);
    expect(getComputedStyle(v2).gridRow).toMatch(/^2/);
    await userEvent.setup().click(v2);
    expect(onSelect).not.toHaveBeenCalled();
    await userEvent.setup().click(v1);
    expect(onSelect).toHaveBeenCalledWith('a');
  });

  it('only shows the plan without a chooser', () => {
    render(<FloorPlan label="Floor" tables={tables} />);
    expect(screen.getByRole('group', { name: 'Floor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^V1/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^V1/ })).not.toHaveAttribute('aria-pressed');
  });
});
