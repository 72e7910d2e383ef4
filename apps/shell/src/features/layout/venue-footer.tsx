import styled from 'styled-components';
import { useVenue } from '@bistro/data';
import { media, theme } from '@bistro/ui';

const Foot = styled.footer`
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  color: ${theme.colors.textMuted};
  font-size: 0.95rem;
`;

const FootInner = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${theme.space(6)} ${theme.space(4)};
  display: grid;
  gap: ${theme.space(2)};
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
  a {
    color: ${theme.colors.text};
  }
`;

const Social = styled.ul`
  list-style: none;
  margin: ${theme.space(1)} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

/**
 * The footer: the venue's name, opening hours, phone and street address, from
 * the venue record. Until it arrives each line keeps its height, so nothing
 * moves when it does.
 */
export function VenueFooter() {
  const { data: venue, isError } = useVenue();
  if (isError && !venue) {
    return (
      <Foot>
        <FootInner>
          <div>Our hours, phone and address are on the Contact page.</div>
        </FootInner>
      </Foot>
    );
  }
  return (
    <Foot aria-busy={!venue}>
      <FootInner>
        <div>
          <strong>{venue?.name ?? '\u00a0'}</strong>
          {venue?.socialLinks.length ? (
            <Social aria-label="Follow us">
              {venue.socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </Social>
          ) : null}
        </div>
        <div>{venue ? `Hours: ${venue.hoursSummary}` : '\u00a0'}</div>
        <div>
          {venue ? <a href={venue.phoneHref}>{venue.phone}</a> : '\u00a0'}
          <br />
          {venue ? (
            <a href={venue.mapsUrl} target="_blank" rel="noopener noreferrer">
              {venue.addressLine}
            </a>
          ) : (
            '\u00a0'
          )}
        </div>
      </FootInner>
    </Foot>
  );
}
