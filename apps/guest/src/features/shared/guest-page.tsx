import type { ComponentProps } from 'react';
import { Page } from '@bistro/ui';

/** A guest-area page, tagged with its area and route (the shell's e2e tests find pages by these). */
export function GuestPage({ route, ...props }: { route: string } & ComponentProps<typeof Page>) {
  return <Page data-area="guest" data-route={route} {...props} />;
}
