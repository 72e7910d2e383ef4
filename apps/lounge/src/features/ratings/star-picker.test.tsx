import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StarPicker } from './star-picker';

function Harness({ initial = 0, onChange }: { initial?: number; onChange?: (n: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StarPicker
        value={value}
        onChange={(n) => {
          setValue(n);
          onChange?.(n);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('StarPicker', () => {
  it('is a labelled radio group of 5 stars with none picked at first', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeVisible();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(radios.some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByText('Tap a star to rate')).toBeVisible();
  });

  it('picks the clicked star', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByTestId('value')).toHaveTextContent('4');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByText('4 of 5 stars')).toBeVisible();
  });

  it('moves with the arrow keys', async () => {
    render(<Harness initial={2} />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '2 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value')).toHaveTextContent('3');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('value')).toHaveTextContent('1');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
  });
});
