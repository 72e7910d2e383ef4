import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, media, theme } from '@bistro/ui';
import { useVenue } from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { ReserveForm } from './reserve-form';
import { ManageReservation } from './manage-reservation';

const IntroText = styled(Muted)`
  margin: 0;
`;

const Intro = styled.header`
  margin-bottom: ${theme.space(5)};
  h1 {
    font-family: ${theme.font.display};
    font-size: clamp(1.9rem, 7vw, 2.8rem);
    margin: 0 0 ${theme.space(2)};
  }
  ${media.md} {
    margin-bottom: ${theme.space(8)};
  }
`;

/**
 * /reserve: book a dinner table (party size, date, the night's free times,
 * instant confirmation), or with ?manage=<code> change or cancel one.
 */
export function ReservePage() {
  const [params] = useSearchParams();
  const manage = params.get('manage');
  const { data: venue } = useVenue();
  return (
    <GuestPage route="/reserve">
      <Intro>
        <h1>{manage ? 'Your Reservation' : 'Reserve a Table'}</h1>
        <IntroText>
          {manage
            ? 'Change the party size or time, or cancel, up to the cutoff before your table.'
            : `Dinner${venue ? ` at ${venue.name}` : ''}: pick your party, a date and a time, and your table is confirmed at once.`}
        </IntroText>
      </Intro>
      {manage ? <ManageReservation code={manage} action={params.get('action')} /> : <ReserveForm />}
    </GuestPage>
  );
}
