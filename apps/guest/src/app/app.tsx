import { Route, Routes } from 'react-router-dom';
import { ChatPage } from '../features/chat/chat-page';
import { ContactPage } from '../features/contact/contact-page';
import { EventsPage } from '../features/events/events-page';
import { HomePage } from '../features/home/home-page';
import { OrderPage } from '../features/order/order-page';
import { PrivacyPage, PrivacyPolicySummaryPage } from '../features/privacy/privacy-page';
import { ProfilePage } from '../features/profile/profile-page';

/**
 * The guest area. The shell renders this outside any <Route>, so paths are
 * absolute and match the whole URL (ARCHITECTURE.md, Route ownership).
 */
export default function GuestApp() {
  return (
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
    </Routes>
  );
}
