import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster, useToastStore } from './toast';

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('toasts', () => {
  it('shows a posted toast with its title and text, and dismisses it', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Signed out' });
      toast({
        title: 'Already Redeemed',
        description: 'You have already redeemed this offer.',
        variant: 'destructive',
      });
    });
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have already redeemed this offer.')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(useToastStore.getState().toasts.find((t) => t.title === 'Signed out')?.open).toBe(false);
  });

  it('keeps one toast per kind: a new one replaces the last of its kind', () => {
    for (let i = 1; i <= 6; i++) toast({ title: `t${i}`, variant: 'destructive' });
    toast({ title: 'ok', variant: 'success' });
    toast({ title: 'note' });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['t6', 'ok', 'note']);
    toast({ title: 'again', variant: 'destructive' });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['ok', 'note', 'again']);
  });
});
