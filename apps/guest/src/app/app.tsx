import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingState } from '@bistro/ui';
import { HomePage } from '../features/home/home-page';
import { ReservePrefetch } from '../features/reserve/reserve-prefetch';

// `/` is where most visits start, so the home page ships with the area; every
// other page's code (and what only it uses: dialogs, forms, date helpers) loads
// when that page opens.
const EventsPage = lazy(() =>
  import('../features/events/events-page').then((m) => ({ default: m.EventsPage })),
);
const OrderPage = lazy(() =>
  import('../features/order/order-page').then((m) => ({ default: m.OrderPage })),
);
const ContactPage = lazy(() =>
  import('../features/contact/contact-page').then((m) => ({ default: m.ContactPage })),
);
const ChatPage = lazy(() =>
  import('../features/chat/chat-page').then((m) => ({ default: m.ChatPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const PrivacyPage = lazy(() =>
  import('../features/privacy/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const CancelBookingPage = lazy(() =>
  import('../features/bookings/cancel-booking-page').then((m) => ({
    default: m.CancelBookingPage,
  })),
);
const ReservePage = lazy(() =>
  import('../features/reserve/reserve-page').then((m) => ({ default: m.ReservePage })),
);
const TablesPage = lazy(() =>
  import('../features/tables/tables-page').then((m) => ({ default: m.TablesPage })),
);
const PrivacyPolicySummaryPage = lazy(() =>
  import('../features/privacy/privacy-page').then((m) => ({
    default: m.PrivacyPolicySummaryPage,
  })),
);

/**
 * The guest area. The shell renders this outside any <Route>, so paths are
 * absolute and match the whole URL (ARCHITECTURE.md, Route ownership).
 */
export default function GuestApp() {
  return (
    <Suspense fallback={<LoadingState label="Loading…" />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/events" element={<EventsPage />} />
        <Route path="/order" element={<OrderPage route="/order" />} />
        <Route path="/scanner" element={<OrderPage route="/scanner" />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/chat" element={<ChatPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicySummaryPage />} />
        <Route path="/bookings/cancel" element={<CancelBookingPage />} />
        <Route path="/tables" element={<TablesPage />} />
        <Route
          path="/reserve"
          element={
            <ReservePrefetch>
              <ReservePage />
            </ReservePrefetch>
          }
        />
      </Routes>
    </Suspense>
  );
}
