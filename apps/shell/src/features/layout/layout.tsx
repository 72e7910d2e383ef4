import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { ToastAnnouncer, findRoute, media, theme } from '@bistro/ui';
import { forgetDoorNight, useVenue } from '@bistro/data';
import { signOut, useAuthStore } from '@bistro/auth';
import { trapFocus } from './focus-trap';
import { VenueFooter } from './venue-footer';
import { useRouteFocus } from './route-focus';
import { navItems } from './nav-items';
import { preloadArea } from '../remotes/federation';
import { INTERACTION_READY_QUIET_MS, ownersOf, useWarmAreas } from '../remotes/warm-areas';

/** Preloads the remote that owns a link's page, when it is one (not the shell's). */
function preloadOwner(to: string): void {
  const owner = findRoute(to)?.owner;
  if (owner && owner !== 'shell') preloadArea(owner);
}

let memberAreas: ReturnType<typeof ownersOf> | undefined;
/** The areas only a member's menu leads to (the lounge, games), worked out on first use. */
function areasOnlyForMembers(): ReturnType<typeof ownersOf> {
  if (!memberAreas) {
    const menuAreas = (signedIn: boolean) =>
      ownersOf(navItems({ signedIn, isAdmin: false }).map((item) => item.to));
    const visitorAreas = menuAreas(false);
    memberAreas = menuAreas(true).filter((area) => !visitorAreas.includes(area));
  }
  return memberAreas;
}

/**
 * Where the bar shows the menu inline. A member's and an admin's menu (up to ten
 * entries) needs about 1,120 px on one line, so below 1,200 px they get the
 * slide-in menu; a visitor's five entries fit from 1,024 px.
 */
interface Long {
  $long: boolean;
}
const inline = ({ $long }: Long) => ($long ? '@media (min-width: 1200px)' : media.lg);

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  background: #0d0b14;
  border-bottom: 1px solid ${theme.colors.border};
`;

const BarInner = styled.div`
  max-width: 1240px;
  margin: 0 auto;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(3)};
  padding: ${theme.space(3)} ${theme.space(4)};
`;

const Brand = styled(Link)`
  color: ${theme.colors.text};
  font-family: ${theme.font.display};
  font-weight: 700;
  font-size: 1.1rem;
  text-decoration: none;
`;

const MenuButton = styled.button<Long>`
  min-width: 44px;
  min-height: 44px;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
  ${inline} {
    display: none;
  }
`;

const CloseButton = styled.button`
  min-width: 44px;
  min-height: 44px;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.text};
`;

/** The menu: a slide-in panel on phones and tablets, the bar's right side on wide screens. */
const Panel = styled.div<{ $open: boolean } & Long>`
  position: fixed;
  inset: 0 0 0 auto;
  width: min(80vw, 320px);
  padding: ${theme.space(16)} ${theme.space(4)} ${theme.space(4)};
  background: ${theme.colors.surface};
  border-left: 1px solid ${theme.colors.border};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  transform: translateX(${({ $open }) => ($open ? '0' : '100%')});
  visibility: ${({ $open }) => ($open ? 'visible' : 'hidden')};
  transition:
    transform 200ms ease,
    visibility 200ms;
  ${inline} {
    position: static;
    width: auto;
    padding: 0;
    background: none;
    border: 0;
    flex-direction: row;
    align-items: center;
    transform: none;
    visibility: visible;
    transition: none;
  }
`;

const NavList = styled.nav<Long>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  ${inline} {
    flex-direction: row;
    align-items: center;
  }
`;

const PanelClose = styled(CloseButton)`
  position: absolute;
  top: ${theme.space(3)};
  right: ${theme.space(4)};
`;

// Entries never wrap ("Games & / Fun"): the bar switches to the slide-in menu before they would.
const NavItemLink = styled(NavLink)<Long>`
  flex: none;
  white-space: nowrap;
  color: ${theme.colors.textMuted};
  text-decoration: none;
  padding: ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  min-height: 44px;
  display: flex;
  align-items: center;
  &.active {
    color: ${theme.colors.accent};
  }
  &:hover {
    color: ${theme.colors.text};
  }
  ${inline} {
    padding: ${theme.space(2)} ${theme.space(2.5)};
  }
`;

const AuthControl = styled.button<Long>`
  flex: none;
  white-space: nowrap;
  margin-top: ${theme.space(2)};
  min-height: 44px;
  padding: 0 ${theme.space(4)};
  border-radius: ${theme.radii.pill};
  border: 1px solid ${theme.colors.accent};
  background: transparent;
  color: ${theme.colors.accent};
  font-weight: 600;
  text-decoration: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  cursor: pointer;
  ${inline} {
    margin: 0 0 0 ${theme.space(2)};
  }
`;

const Backdrop = styled.div<Long>`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.55);
  ${inline} {
    display: none;
  }
`;

// At least a screen tall, so the footer starts below the fold and doesn't jump
// down (layout shift) when an area's content replaces its loading state.
const Main = styled.main`
  flex: 1;
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`;

/** The first stop of the keyboard: hidden until focused, then it jumps past the navigation. */
const SkipLink = styled.a`
  position: absolute;
  left: ${theme.space(2)};
  top: ${theme.space(2)};
  z-index: 100;
  padding: ${theme.space(2)} ${theme.space(4)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.accent};
  color: ${theme.colors.accentText};
  font-weight: 700;
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

export function Layout({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  const isStaff = useAuthStore((s) => s.isStaff);
  const signedIn = status === 'signedIn';
  const { data: venue } = useVenue();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // Fetched ahead once the page has settled; never for a visitor. A member already in
  // one of these areas (the lounge, a game) gets the others once the page is ready for input.
  const warmAreas = signedIn ? areasOnlyForMembers() : [];
  const pageArea = findRoute(location.pathname)?.owner;
  const inMemberArea = warmAreas.some((area) => area === pageArea);
  useWarmAreas(warmAreas, inMemberArea ? INTERACTION_READY_QUIET_MS : 0);
  useRouteFocus('main');

  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    return trapFocus(panel.current, () => {
      setOpen(false);
      menuButton.current?.focus();
    });
  }, [open]);
  const closeMenu = () => {
    setOpen(false);
    menuButton.current?.focus();
  };

  const onSignOut = async () => {
    // tonight's door list never stays on a device after its staff member signs out
    await Promise.all([signOut(), forgetDoorNight()]);
    navigate('/');
  };

  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Bar>
        <BarInner>
          <Brand to="/" aria-label={venue ? undefined : 'Home'}>
            {venue?.shortName}
          </Brand>
          <MenuButton
            $long={signedIn}
            ref={menuButton}
            type="button"
            aria-expanded={open}
            aria-controls="site-nav"
            aria-label={open ? 'Close menu' : 'Open menu'}
            // behind the open (modal) menu, whose own button closes it
            aria-hidden={open || undefined}
            tabIndex={open ? -1 : undefined}
            onClick={() => setOpen(true)}
          >
            ☰
          </MenuButton>
          {open ? <Backdrop $long={signedIn} onClick={closeMenu} /> : null}
          <Panel
            ref={panel}
            id="site-nav"
            $open={open}
            $long={signedIn}
            {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } : {})}
          >
            {open ? (
              <PanelClose type="button" aria-label="Close menu" onClick={closeMenu}>
                ✕
              </PanelClose>
            ) : null}
            <NavList $long={signedIn} aria-label="Main">
              {navItems({ signedIn, isAdmin, isStaff }).map((item) => (
                <NavItemLink
                  $long={signedIn}
                  key={item.to}
                  to={item.to}
                  end={item.to === '/'}
                  onPointerEnter={() => preloadOwner(item.to)}
                  onPointerDown={() => preloadOwner(item.to)}
                  onFocus={() => preloadOwner(item.to)}
                  onTouchStart={() => preloadOwner(item.to)}
                >
                  {item.label}
                </NavItemLink>
              ))}
              {signedIn ? (
                <AuthControl $long={signedIn} type="button" onClick={() => void onSignOut()}>
                  Sign Out
                </AuthControl>
              ) : (
                <AuthControl $long={signedIn} as={Link} to="/auth">
                  Sign In
                </AuthControl>
              )}
            </NavList>
            {open ? <ToastAnnouncer /> : null}
          </Panel>
        </BarInner>
      </Bar>
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <VenueFooter />
    </Shell>
  );
}
