import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Heading,
  Muted,
  Page,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  media,
  theme,
} from '@bistro/ui';
import { useAdminCountsLive } from '@bistro/data';
import { OverviewTab } from '../overview/overview-tab';
import { EventsTab } from '../events/events-tab';
import { BookingsTab } from '../bookings/bookings-tab';
import { CheckInTab } from '../checkin/checkin-tab';
import { PhotosTab } from '../photos/photos-tab';
import { UsersTab } from '../users/users-tab';
import { AdminRightsTab } from '../roles/admin-rights-tab';
import { NotificationsTab } from '../notifications/notifications-tab';
import { AnalyticsTab } from '../analytics/analytics-tab';
import { VenueTab } from '../venue/venue-tab';
import { MenuTab } from '../menu/menu-tab';
import { PromotionsTab } from '../promotions/promotions-tab';
import { ActivityTab } from '../activity/activity-tab';
import { TonightTab } from '../reservations/tonight-tab';
import { TablesTab } from '../reservations/tables-tab';
import { VipTablesTab } from '../lounge-tables/vip-tables-tab';
import { GuestListsTab } from '../guest-lists/guest-lists-tab';
import { ReleasesTab } from '../releases/releases-tab';
import { adminTabs, isAdminTab, type AdminTabId } from './admin-tabs';

const DoorLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-weight: 600;
  color: ${theme.colors.accent};
`;

const WideList = styled(TabsList)`
  display: none;
  ${media.lg} {
    display: flex;
  }
`;

const Trigger = styled(TabsTrigger)`
  min-height: 44px;
  padding: 0 ${theme.space(2)};
  white-space: nowrap;
`;

const Picker = styled.div`
  margin-bottom: ${theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  label {
    font-weight: 600;
  }
  select {
    min-height: 44px;
    padding: 0 ${theme.space(3)};
    border-radius: ${theme.radii.sm};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
  ${media.lg} {
    display: none;
  }
`;

/**
 * The admin screen (/admin and /admin-enhanced): its tabs, a dropdown for them on small screens.
 * The open tab is in the address (?tab=tonight), so a tablet at the host stand opens on it.
 */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab') ?? '';
  const tab: AdminTabId = isAdminTab(wanted) ? wanted : 'overview';
  useAdminCountsLive();
  const setTab = (value: AdminTabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const select = (value: string) => {
    if (isAdminTab(value)) setTab(value);
  };
  return (
    <Page data-area="admin">
      <Heading>Admin Dashboard</Heading>
      <Muted>Moderate events, bookings and photos, and manage members and admin rights.</Muted>
      <DoorLink to="/door">Open the door: tonight&apos;s arrivals</DoorLink>
      <Tabs value={tab} onValueChange={select}>
        <Picker>
          <label htmlFor="admin-section">Dashboard section</label>
          <select id="admin-section" value={tab} onChange={(e) => select(e.target.value)}>
            {adminTabs.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </Picker>
        <WideList aria-label="Admin sections">
          {adminTabs.map((t) => (
            <Trigger key={t.id} value={t.id}>
              {t.label}
            </Trigger>
          ))}
        </WideList>
        <TabsContent value="overview">
          <OverviewTab onOpen={setTab} />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab />
        </TabsContent>
        <TabsContent value="bookings">
          <BookingsTab />
        </TabsContent>
        <TabsContent value="checkin">
          <CheckInTab />
        </TabsContent>
        <TabsContent value="tonight">
          <TonightTab />
        </TabsContent>
        <TabsContent value="tables">
          <TablesTab />
        </TabsContent>
        <TabsContent value="vip">
          <VipTablesTab />
        </TabsContent>
        <TabsContent value="guestlists">
          <GuestListsTab />
        </TabsContent>
        <TabsContent value="photos">
          <PhotosTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="roles">
          <AdminRightsTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="venue">
          <VenueTab />
        </TabsContent>
        <TabsContent value="menu">
          <MenuTab />
        </TabsContent>
        <TabsContent value="promotions">
          <PromotionsTab />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab />
        </TabsContent>
        <TabsContent value="releases">
          <ReleasesTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
