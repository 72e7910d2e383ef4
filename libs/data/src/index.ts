export {
  loadRuntimeConfig,
  type AreaRelease,
  type AreaReleases,
  type ReleaseHistoryEntry,
  type RuntimeConfig,
} from './lib/runtime-config';
export {
  configureSupabase,
  preloadAuthIfSignedIn,
  setRequestTokenSource,
} from './lib/supabase-client';
export { queryClient } from './lib/query-client';
export { nextTask, whenIdle } from './lib/scheduling';
export { isMailAddress } from './lib/mail-address';
export { DataError, errorMessage } from './lib/errors';
export { successToast, type ToastMessage } from './lib/toast-message';
export type { MutationHookOptions } from './lib/mutation';
export type { Json } from './database.types';

// Domains: one folder each under src/: keys.ts (query keys), <entity>-query.ts
// (fetch<Entity>, <entity>QueryOptions, use<Entity>), <entity>-<verb>-mutation.ts
// (the call and use<Entity><Verb>Mutation, typed with MutationHookOptions) and
// errors.ts (the toasts, as ToastMessage). A domain imports lib/, itself, and of another
// domain only the keys of a cache it changes and the constants its messages quote
// (song-requests -> song-votes); realtime/ (private broadcast channels) serves the lounge's
// domains and the staff's live night (reservations). What several domains
// share lives in lib/. This file exports only what the apps use: fetchers, query options,
// key factories and mutation calls stay inside the lib.

// --- guest domains (events, bookings, offers, photos, profiles, analytics, account) ---
export { useUpcomingEvents, useApprovedEvents, type EventRow } from './events/events-query';
export { useRecentBookings, type BookingRow, type MemberBooking } from './bookings/bookings-query';
export { useBookingCreateMutation, type BookingInput } from './bookings/booking-create-mutation';
export {
  bookingSubmitted,
  bookingFailed,
  authenticationRequired,
  bookingCancelled,
  bookingCancelFailed,
} from './bookings/errors';
export { useActiveOffers, type OfferRow } from './offers/offers-query';
export { useOfferRedeemMutation } from './offers/offer-redeem-mutation';
export { offerRedeemed, redeemFailed } from './offers/errors';
export { useLatestPhotos } from './photos/photos-query';
export { usePhotoUploadMutation } from './photos/photo-upload-mutation';
export { isImageFile } from './lib/image-upload';
export { eventCalendar, type EventCalendar } from './events/event-calendar';
export { imageSources, CARD_WIDTHS, type ImageSources, type ImageSizes } from './lib/storage-image';
export { photoUploaded, photoUploadFailed } from './photos/errors';
export {
  useFeaturedPhotos,
  useMyPendingPhotos,
  type FeaturedPhoto,
  type PendingPhoto,
} from './photos/featured-photos-query';
// The business numbers and text limits, generated from the database.
export { BUSINESS_RULES, TEXT_LIMITS } from './business-rules';
export { NAME_MAX_LENGTH } from './profiles/constants';
export { useProfile, type ProfileRow } from './profiles/profile-query';
export { useProfileUpsertMutation } from './profiles/profile-upsert-mutation';
export { profileUpdated, profileUpdateFailed } from './profiles/errors';
export { fetchAccountExport } from './account/account-export-query';
export { useAccountDeleteMutation } from './account/account-delete-mutation';
export {
  DELETE_ACCOUNT_CONFIRM,
  dataExported,
  exportFailed,
  accountDeleted,
  deleteFailed,
} from './account/errors';

// --- lounge domains (song requests, votes, djs, ratings) ---
export { businessDate, nightInstant } from './lib/business-date';
export { type SongRequestStatus } from './song-requests/constants';
export { useTonightsSongRequests, type SongRequest } from './song-requests/song-requests-query';
export { useSongRequestCreateMutation } from './song-requests/song-request-create-mutation';
export { useSongRequestStatusMutation } from './song-requests/song-request-status-mutation';
export { songRequestToasts, songRequestInsertErrorToast } from './song-requests/errors';
export { VOTES_PER_NIGHT } from './song-votes/constants';
export { useMyVotes } from './song-votes/my-votes-query';
export { useSongVoteToggleMutation } from './song-votes/song-vote-toggle-mutation';
export { songVoteToasts, voteErrorToast } from './song-votes/errors';
export { useActiveDjs, useLiveDj, type Dj } from './djs/djs-query';
export { useLatestDjRatings, type DjRating } from './dj-ratings/dj-ratings-query';
export { useDjRatingCreateMutation } from './dj-ratings/dj-rating-create-mutation';
export {
  loungeRatingToasts,
  djPageToasts,
  loungeRatingErrorToast,
  djPageRatingErrorToast,
} from './dj-ratings/errors';

// --- admin domains (moderation, users, roles, analytics, functions) ---
export { adminLoadFailed, adminActionFailed } from './admin-overview/errors';
export { useAdminCounts } from './admin-overview/counts-query';
export {
  useAdminEvents,
  useEventOpenBookingCount,
  type AdminEvent,
} from './admin-events/events-query';
export { useEventCreateMutation, type CreateEventVars } from './admin-events/event-create-mutation';
export { useEventModerateMutation, type EventAction } from './admin-events/event-moderate-mutation';
export { useEventImageUploadMutation } from './admin-events/event-image-upload-mutation';
export {
  useEventImages,
  useAdminEventImages,
  type EventImage,
} from './event-images/event-images-query';
export {
  useEventImageAddMutation,
  useEventImageRemoveMutation,
} from './event-images/event-image-mutations';
export { eventImageMessages } from './event-images/errors';
export { eventMessages } from './admin-events/errors';
export {
  bookingStatus,
  useAdminBookingsPage,
  ADMIN_BOOKINGS_PAGE_SIZE,
  BOOKING_STATUSES,
  type AdminBooking,
  type AdminBookingFilters,
  type AdminBookingsPage,
  type BookingStatus,
} from './admin-bookings/bookings-query';
export {
  useBookingReviewMutation,
  type BookingDecision,
  type ReviewBookingVars,
} from './admin-bookings/booking-review-mutation';
export { bookingMessages, capacityFailed, bookingsExportFailed } from './admin-bookings/errors';
export { useAdminPhotos, type AdminPhoto } from './admin-photos/photos-query';
export { usePhotoModerateMutation, type PhotoAction } from './admin-photos/photo-moderate-mutation';
export { photoMessages } from './admin-photos/errors';
export {
  USERS_PAGE_SIZE,
  useUsersPage,
  type AdminUser,
  type UsersPage,
} from './admin-users/users-query';
export { useUserVipMutation } from './admin-users/user-vip-mutation';
export { useUserDeleteMutation, type DeleteUserVars } from './admin-users/user-delete-mutation';
export { useTestUsersSeedMutation } from './admin-users/test-users-seed-mutation';
export { userMessages, userDeleteFailed, seedFailed, vipFailed } from './admin-users/errors';
export { useAdmins } from './admin-roles/admins-query';
export { useAdminAccess, useDoorAccess } from './admin-roles/admin-access-query';
export { useRoleGrantMutation, type GrantAdminVars } from './admin-roles/role-grant-mutation';
export { useRoleRevokeMutation } from './admin-roles/role-revoke-mutation';
export { roleMessages, grantFailed, revokeFailed } from './admin-roles/errors';
export { ANALYTICS_SHOWN, useLatestAnalytics } from './admin-analytics/analytics-query';
export { useRedemptions, type Redemption } from './offers/redemption-rows-query';

// --- actions kept on the device while offline (one queue for every area) ---
export {
  OfflineError,
  type QueuedAction,
  type QueueEvent,
  type SubmitOutcome,
} from './offline/action-queue';
export { getActionQueue, useActionQueueEvents, useQueuedActions } from './offline/use-action-queue';
export { callQueued } from './offline/send';

// --- the live lounge queue (request_song, staff queue actions, realtime) ---
export {
  useRequestSongMutation,
  type RequestSongVars,
} from './song-requests/request-song-mutation';
export { useMoveUpNextMutation } from './song-requests/song-request-status-mutation';
export { useLoungeOffline } from './song-requests/use-lounge-offline';
export { usePushState, usePushSubscribeMutation, type PushState } from './push/push-subscription';
export type { LoungeWaiting } from './song-requests/queued-actions';
export { requestOutcomeToast, requestPlayingToast } from './song-requests/errors';
export { pollIntervalFor } from './realtime/constants';
export { useLoungeLive } from './realtime/use-lounge-live';
export { useAdminCountsLive } from './admin-overview/use-admin-counts-live';

// --- bookings as reservations: availability, cancelling, capacity, door check-in ---
export { guestBookingStatus, spotsLeftLabel, willBeWaitlisted } from './bookings/booking-rules';
export { useEventAvailability } from './bookings/availability-query';
export {
  useBookingCancelMutation,
  type CancelBookingVars,
} from './bookings/booking-cancel-mutation';
export {
  useBookingByToken,
  useBookingCancelLinkMutation,
} from './bookings/booking-cancel-link-mutation';
export { useEventLoad, type EventLoad } from './admin-bookings/event-load-query';
export {
  parseCapacity,
  useEventCapacityMutation,
  type EventCapacityVars,
} from './admin-bookings/event-capacity-mutation';
export {
  normalizeBookingCode,
  useBookingCheckInMutation,
  type CheckInResult,
} from './admin-bookings/check-in-mutation';
export {
  useBookingsExportMutation,
  type BookingsExport,
} from './admin-bookings/bookings-export-mutation';
export {
  venueWallClock,
  localWallClock,
  formatWallClock,
  calendarDate,
  venueInstant,
  VENUE_TIME_ZONE,
} from './lib/venue-time';
export { useHasRatedTonight, useLiveDjRatings } from './dj-ratings/dj-ratings-query';

// --- the venue record (settings, hours, dates with other hours, history) ---
export { venueKeys } from './venue/keys';
export {
  WEEKDAY_NAMES,
  formatClock,
  formatSpan,
  formatException,
  formatVenueDate,
  hoursOn,
  upcomingExceptions,
  weekRows,
  weeklySummary,
  type DayHours,
  type HoursException,
} from './venue/venue-hours';
export {
  addressLine,
  agePolicy,
  mapsUrl,
  phoneHref,
  parseSocialLinks,
  toVenue,
  type SocialLink,
  type Venue,
  type VenueSettingsRow,
} from './venue/venue-record';
export { fetchVenue, venueQueryOptions, venueToday, useVenue } from './venue/venue-query';
export { useLastCall, useLastCallMutation } from './venue/last-call';
export { setAdminRequiresMfa, useAdminMfaMutation } from './venue/admin-mfa';
export {
  addHoursException,
  removeHoursException,
  saveVenueHours,
  saveVenueSettings,
  useHoursExceptionAddMutation,
  useHoursExceptionRemoveMutation,
  useVenueHoursMutation,
  useVenueSettingsMutation,
  type HoursExceptionInput,
  type VenueSettingsInput,
} from './venue/venue-save-mutation';
export {
  VENUE_CHANGES_SHOWN,
  fetchVenueChanges,
  useVenueChanges,
  venueChangesQueryOptions,
  type VenueChange,
} from './venue/venue-changes-query';
export { venueSaved, venueSaveFailed } from './venue/errors';

// --- the audit trail (staff actions, admins only) ---
export {
  AUDIT_PAGE_SIZE,
  auditActionFamilies,
  auditKeys,
  auditLogQueryOptions,
  fetchAuditLog,
  useAuditLog,
  type AuditEntry,
  type AuditFilters,
} from './audit/audit-log-query';

// --- the menu (sections, items, tags, 86'd tonight) ---
export { menuKeys } from './menu/keys';
export {
  MENU_TAGS,
  filterMenu,
  formatPrice,
  groupMenu,
  isEightySixed,
  parsePrice,
  tagLabel,
  type MenuItemRow,
  type MenuSection,
  type MenuSectionRow,
  type MenuTag,
} from './menu/menu-rules';
export { MENU_REFRESH_MS, fetchMenu, menuQueryOptions, useMenu } from './menu/menu-query';
export {
  addMenuItem,
  eightySixPatch,
  moveMenuItem,
  removeMenuItem,
  setMenuImage,
  updateMenuItem,
  useMenuImageMutation,
  useMenuItemAddMutation,
  useMenuItemMoveMutation,
  useMenuItemRemoveMutation,
  useMenuItemUpdateMutation,
  type MenuItemInput,
  type MenuItemPatch,
} from './menu/menu-item-mutations';
export { menuSaved, menuSaveFailed } from './menu/errors';

// --- promotions and offer texts (home's Special Promotions, the admin's Promotions tab) ---
export { promotionKeys } from './promotions/keys';
export { formatValidity, lastNightBefore } from './promotions/validity';
export {
  fetchPromotions,
  promotionsQueryOptions,
  usePromotions,
  type PromotionRow,
} from './promotions/promotions-query';
export {
  removePromotion,
  saveOfferText,
  savePromotion,
  useOfferTextMutation,
  usePromotionRemoveMutation,
  usePromotionSaveMutation,
  type OfferTextPatch,
  type PromotionInput,
} from './promotions/promotion-mutations';
export {
  allOffersQueryOptions,
  fetchAllOffers,
  useAllOffers,
  type AdminOffer,
} from './promotions/admin-offers-query';

// --- weekly nights (event templates generating events for approval) ---
export {
  TEMPLATE_WEEKS,
  addEventTemplate,
  eventTemplateKeys,
  eventTemplatesQueryOptions,
  fetchEventTemplates,
  generateTemplateEvents,
  removeEventTemplate,
  useEventTemplateAddMutation,
  useEventTemplateRemoveMutation,
  useEventTemplates,
  useTemplateEventsGenerateMutation,
  type EventTemplate,
  type EventTemplateInput,
} from './event-templates/event-templates';

// --- dinner reservations: free times, booking, change, cancel, waitlist ---
export {
  nearestAlternatives,
  reservationAvailabilityQueryOptions,
  reservationKeys,
  RESERVATION_CODE,
  useReservationByCode,
  useReservationRules,
  useReservationOccasions,
  useBookReservation,
  useCancelReservation,
  useChangeReservation,
  useJoinReservationWaitlist,
  useMyReservations,
  useReservationAvailability,
  type BookReservationInput,
  type ChangeReservationInput,
  type Reservation,
  type ReservationRules,
  type ReservationSlot,
} from './reservations/reservations';
export {
  staffReservationKeys,
  useDiningSetup,
  useNightReservations,
  useReservationSettingsMutation,
  useDiningTableSaveMutation,
  useDiningTableDeleteMutation,
  useCombinationAddMutation,
  useCombinationDeleteMutation,
  useTurnTimeSaveMutation,
  useTurnTimeDeleteMutation,
  useBlockAddMutation,
  useBlockDeleteMutation,
  useReservationStatusMutation,
  useMoveReservationMutation,
  useWalkInMutation,
  useStaffNotesMutation,
  type DiningSetup,
  type DiningTableRow,
  type DiningBlockRow,
  type TableCombinationRow,
  type TurnTimeRow,
  type ReservationSettingsRow,
  type ReservationSettingsInput,
  type DiningTableInput,
  type FloorStatus,
  type NightReservation,
} from './reservations/staff';

// --- the door: tonight's arrivals, scans kept on the device, headcount, no-show history ---
export {
  searchDoor,
  indexDoor,
  entryByCode,
  localRefusal,
  normaliseCode,
  type DoorEntry,
  type DoorIndex,
  type ScanResult,
} from './door/door-rules';
export {
  useDoorList,
  useDoorHeadcount,
  useGuestDoorHistory,
  type DoorHeadcount,
  type DoorList,
  type GuestDoorVisit,
} from './door/door-query';
export { forgetDoorNight } from './door/door-store';
export { DOOR_SCAN, registerDoorSender, type DoorScanPayload } from './door/door-scan';
export { useDoor, DOOR_TOPIC, type DoorNotice, type DoorScanOutcome } from './door/use-door';
export { doorKeys } from './door/keys';
export {
  STAFF_ROLES,
  staffRoleLabel,
  staffRoleMessages,
  staffGrantFailed,
  useStaffAccounts,
  useStaffRoleGrantMutation,
  useStaffRoleRevokeMutation,
  type StaffAccount,
  type StaffRole,
} from './admin-roles/staff-roles';

// --- releases: what each released area runs and how its versions fare (admins read) ---
export { releaseKeys } from './releases/keys';
export {
  RELEASE_REPORT_DAYS,
  fetchReleaseStatus,
  releaseStatusQueryOptions,
  summarizeReleases,
  useReleaseStatus,
  type AreaStatus,
  type ReleaseStatus,
  type VersionStatus,
} from './releases/release-status-query';
export { reportReason, sendReleaseReport, type ReleaseReport } from './releases/release-report';

// --- VIP tables and bottle service: floor plan, minimums, requests, staff decisions ---
export {
  loungeTableKeys,
  loungeSetupQueryOptions,
  useLoungeSetup,
  useBottles,
  useBottleCandidates,
  useNightTables,
  useLoungeNights,
  useMyTableRequests,
  useStaffTableRequests,
  useRequestTable,
  useCancelTableRequest,
  useConfirmTableRequest,
  useDeclineTableRequest,
  useLoungeSettingsMutation,
  useLoungeSectionSaveMutation,
  useLoungeSectionDeleteMutation,
  useLoungeTableSaveMutation,
  useLoungeTableDeleteMutation,
  useLoungeMinimumAddMutation,
  useLoungeMinimumDeleteMutation,
  useSetBottleMutation,
  minimumFrom,
  formatMinimum,
  committedMinimum,
  tableStatusLabel,
  TABLE_STATUS_LABEL,
  type Bottle,
  type LoungeSetup,
  type LoungeSettingsRow,
  type LoungeSectionRow,
  type LoungeTableRow,
  type LoungeMinimumRow,
  type LoungeSettingsInput,
  type LoungeTableInput,
  type LoungeSectionInput,
  type LoungeMinimumInput,
  type MenuItemForBottles,
  type NightTable,
  type LoungeNight,
  type RequestTableInput,
  type TableRequest,
  type TableRequestStatus,
} from './lounge-tables/lounge-tables';

// --- guest lists: close time, plus-ones, passes, promoters and their report ---
export {
  guestListKeys,
  guestListClosesText,
  guestListClosesTextAt,
  defaultGuestListClose,
  isGuestListOpen,
  useGuestLists,
  useMyGuestListEntries,
  useGuestListEntries,
  useGuestListReport,
  usePromoters,
  useJoinGuestList,
  useAddGuestListName,
  useLeaveGuestList,
  useSavePromoter,
  useSaveGuestList,
  type GuestListRow,
  type GuestListEntry,
  type GuestListReportRow,
  type JoinGuestListInput,
  type PromoterRow,
  type PromoterInput,
  type GuestListSettingsInput,
} from './guest-lists/guest-lists';
