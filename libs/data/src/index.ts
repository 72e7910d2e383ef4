export {
  parseRuntimeConfig,
  fetchRuntimeConfig,
  inlineRuntimeConfigId,
  loadRuntimeConfig,
  readInlineRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
} from './lib/runtime-config';
export {
  configureSupabase,
  getSupabase,
  isSupabaseConfigured,
  preloadAuthIfSignedIn,
  onAuthStateChange,
  type BistroClient,
} from './lib/supabase-client';
export { queryClient } from './lib/query-client';
export { isMailAddress } from './lib/mail-address';
export {
  DataError,
  unwrap,
  errorCode,
  errorMessage,
  isUniqueViolation,
  type ServerError,
} from './lib/errors';
export {
  successToast,
  failureToast,
  serverFailureToast,
  type ToastMessage,
} from './lib/toast-message';
export type { MutationHookOptions } from './lib/mutation';
export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './database.types';

// Domains: one folder each under src/: keys.ts (query keys), <entity>-query.ts
// (fetch<Entity>, <entity>QueryOptions, use<Entity>), <entity>-<verb>-mutation.ts
// (the call and use<Entity><Verb>Mutation, typed with MutationHookOptions) and
// errors.ts (the toasts, as ToastMessage). A domain imports only lib/ and itself;
// what several domains share lives in lib/.

// --- guest domains (events, bookings, offers, photos, profiles, analytics, account) ---
export { eventKeys } from './events/keys';
export {
  fetchUpcomingEvents,
  upcomingEventsQueryOptions,
  approvedEventsQueryOptions,
  useUpcomingEvents,
  useApprovedEvents,
  HOME_UPCOMING_EVENTS,
  type EventRow,
} from './events/events-query';
export { bookingKeys } from './bookings/keys';
export {
  fetchRecentBookings,
  recentBookingsQueryOptions,
  useRecentBookings,
  RECENT_BOOKINGS,
  type BookingRow,
} from './bookings/bookings-query';
export {
  createBooking,
  useBookingCreateMutation,
  type BookingInput,
} from './bookings/booking-create-mutation';
export {
  bookingSubmitted,
  bookingFailed,
  authenticationRequired,
  bookingCancelled,
  bookingCancelFailed,
} from './bookings/errors';
export { offerKeys } from './offers/keys';
export {
  fetchActiveOffers,
  activeOffersQueryOptions,
  useActiveOffers,
  type OfferRow,
} from './offers/offers-query';
export {
  fetchRedeemedOfferIds,
  redeemedOfferIdsQueryOptions,
  useRedeemedOfferIds,
} from './offers/redemptions-query';
export {
  redeemOffer,
  useOfferRedeemMutation,
  type OfferRedeemVars,
} from './offers/offer-redeem-mutation';
export { offerRedeemed, redeemFailed } from './offers/errors';
export { photoKeys } from './photos/keys';
export {
  fetchLatestApprovedPhotos,
  latestPhotosQueryOptions,
  useLatestPhotos,
  PHOTO_GRID_SIZE,
  type PhotoRow,
} from './photos/photos-query';
export {
  uploadPhoto,
  usePhotoUploadMutation,
  PHOTO_CAPTION,
  type PhotoUploadVars,
} from './photos/photo-upload-mutation';
export {
  uploadImage,
  isImageFile,
  fileExtension,
  storedImageName,
  type ImageBucket,
} from './lib/image-upload';
export { photoUploaded, photoUploadFailed } from './photos/errors';
export { profileKeys } from './profiles/keys';
export { NAME_MAX_LENGTH } from './profiles/constants';
export {
  fetchProfile,
  profileQueryOptions,
  useProfile,
  type ProfileRow,
} from './profiles/profile-query';
export {
  upsertProfile,
  useProfileUpsertMutation,
  type ProfileInput,
} from './profiles/profile-upsert-mutation';
export { profileUpdated, profileUpdateFailed } from './profiles/errors';
export { recordAnalytics, type GuestAnalyticsEvent } from './lib/analytics';
export { accountKeys } from './account/keys';
export { fetchAccountExport, type AccountExport } from './account/account-export-query';
export { deleteAccountData, useAccountDeleteMutation } from './account/account-delete-mutation';
export {
  DELETE_ACCOUNT_CONFIRM,
  dataExported,
  exportFailed,
  accountDeleted,
  deleteFailed,
} from './account/errors';

// --- lounge domains (song requests, votes, djs, ratings) ---
export { businessDate, VENUE_TIME_ZONE } from './lib/business-date';
export {
  LOUNGE_POLL_INTERVAL_MS,
  SONG_REQUEST_VISIBLE_HOURS,
  SONG_REQUEST_STATUSES,
  type SongRequestStatus,
} from './song-requests/constants';
export { songRequestKeys } from './song-requests/keys';
export {
  fetchTonightsSongRequests,
  tonightsSongRequestsQueryOptions,
  useTonightsSongRequests,
  type SongRequest,
} from './song-requests/song-requests-query';
export {
  createSongRequest,
  useSongRequestCreateMutation,
  type CreateSongRequestVars,
} from './song-requests/song-request-create-mutation';
export {
  setSongRequestStatus,
  useSongRequestStatusMutation,
  type SetSongRequestStatusVars,
} from './song-requests/song-request-status-mutation';
export {
  isProfanityError,
  songRequestToasts,
  songRequestInsertErrorToast,
} from './song-requests/errors';
export { songVoteKeys } from './song-votes/keys';
export { VOTES_PER_NIGHT } from './song-votes/constants';
export { fetchMyVotes, myVotesQueryOptions, useMyVotes } from './song-votes/my-votes-query';
export {
  toggleVote,
  useSongVoteToggleMutation,
  type ToggleVoteVars,
} from './song-votes/song-vote-toggle-mutation';
export { isVoteLimitError, songVoteToasts, voteErrorToast } from './song-votes/errors';
export { djKeys } from './djs/keys';
export {
  fetchActiveDjs,
  activeDjsQueryOptions,
  useActiveDjs,
  fetchLiveDj,
  liveDjQueryOptions,
  useLiveDj,
  type Dj,
} from './djs/djs-query';
export { djRatingKeys } from './dj-ratings/keys';
export {
  DJ_REVIEWS_FETCHED,
  fetchDjRatings,
  latestDjRatingsQueryOptions,
  useLatestDjRatings,
  djRatingsForDateQueryOptions,
  useDjRatingsForDate,
  type DjRating,
  type DjRatingsPage,
} from './dj-ratings/dj-ratings-query';
export {
  createDjRating,
  useDjRatingCreateMutation,
  type CreateDjRatingVars,
} from './dj-ratings/dj-rating-create-mutation';
export {
  loungeRatingToasts,
  djPageToasts,
  loungeRatingErrorToast,
  djPageRatingErrorToast,
} from './dj-ratings/errors';

// --- admin domains (moderation, users, roles, analytics, functions) ---
export { adminKeys, refreshAfterAdminChange } from './lib/admin';
export { adminOverviewKeys } from './admin-overview/keys';
export { adminLoadFailed, adminActionFailed } from './admin-overview/errors';
export {
  fetchAdminCounts,
  adminCountsQueryOptions,
  useAdminCounts,
  type AdminCounts,
} from './admin-overview/counts-query';
export { adminEventKeys } from './admin-events/keys';
export {
  fetchAdminEvents,
  adminEventsQueryOptions,
  useAdminEvents,
  type AdminEvent,
} from './admin-events/events-query';
export {
  createEvent,
  useEventCreateMutation,
  type CreateEventVars,
} from './admin-events/event-create-mutation';
export {
  moderateEvent,
  useEventModerateMutation,
  type EventAction,
} from './admin-events/event-moderate-mutation';
export {
  EVENT_IMAGES_BUCKET,
  eventImagePath,
  uploadEventImage,
  useEventImageUploadMutation,
} from './admin-events/event-image-upload-mutation';
export { eventMessages } from './admin-events/errors';
export { adminBookingKeys } from './admin-bookings/keys';
export {
  bookingStatus,
  bookingSearchFilter,
  fetchAdminBookingsPage,
  fetchAllAdminBookings,
  adminBookingsPageQueryOptions,
  useAdminBookingsPage,
  ADMIN_BOOKINGS_PAGE_SIZE,
  BOOKING_STATUSES,
  type AdminBooking,
  type AdminBookingFilters,
  type AdminBookingsPage,
  type BookingStatus,
} from './admin-bookings/bookings-query';
export {
  bookingReviewUpdate,
  bookingNotificationPayload,
  notifyBookingChange,
  reviewBooking,
  useBookingReviewMutation,
  type BookingDecision,
  type BookingNotificationPayload,
  type ReviewBookingVars,
} from './admin-bookings/booking-review-mutation';
export { bookingMessages, capacityFailed, bookingsExportFailed } from './admin-bookings/errors';
export { adminPhotoKeys } from './admin-photos/keys';
export {
  fetchAdminPhotos,
  adminPhotosQueryOptions,
  useAdminPhotos,
  type AdminPhoto,
} from './admin-photos/photos-query';
export {
  photoUpdate,
  moderatePhoto,
  usePhotoModerateMutation,
  type PhotoAction,
  type ModeratePhotoVars,
} from './admin-photos/photo-moderate-mutation';
export { photoMessages } from './admin-photos/errors';
export { adminUserKeys } from './admin-users/keys';
export {
  USERS_PAGE_SIZE,
  userSearchFilter,
  fetchUsersPage,
  usersPageQueryOptions,
  useUsersPage,
  type AdminUser,
  type UsersPage,
  type UsersPageVars,
} from './admin-users/users-query';
export { setVipStatus, useUserVipMutation, type SetVipVars } from './admin-users/user-vip-mutation';
export {
  deleteUser,
  useUserDeleteMutation,
  type DeleteUserVars,
} from './admin-users/user-delete-mutation';
export {
  seedTestUsers,
  useTestUsersSeedMutation,
  type SeedTestUsersResult,
} from './admin-users/test-users-seed-mutation';
export {
  SELF_DELETE_MESSAGE,
  userMessages,
  userDeleteFailed,
  seedFailed,
  vipFailed,
} from './admin-users/errors';
export { adminRoleKeys } from './admin-roles/keys';
export {
  fetchAdmins,
  adminsQueryOptions,
  useAdmins,
  type AdminAccount,
} from './admin-roles/admins-query';
export {
  fetchIsAdmin,
  adminAccessQueryOptions,
  useAdminAccess,
} from './admin-roles/admin-access-query';
export {
  grantAdmin,
  useRoleGrantMutation,
  type GrantAdminVars,
} from './admin-roles/role-grant-mutation';
export { revokeAdmin, useRoleRevokeMutation } from './admin-roles/role-revoke-mutation';
export { roleMessages, grantFailed, revokeFailed } from './admin-roles/errors';
export { adminAnalyticsKeys } from './admin-analytics/keys';
export {
  ANALYTICS_FETCHED,
  ANALYTICS_SHOWN,
  fetchLatestAnalytics,
  latestAnalyticsQueryOptions,
  useLatestAnalytics,
  type AnalyticsRecord,
} from './admin-analytics/analytics-query';
export {
  fetchRedemptions,
  redemptionsQueryOptions,
  useRedemptions,
  type Redemption,
} from './offers/redemption-rows-query';

// --- the live lounge queue (request_song, staff queue actions, realtime) ---
export { REQUESTS_PER_NIGHT, REQUEST_LIMIT_HINT } from './song-requests/constants';
export {
  requestSong,
  useRequestSongMutation,
  type RequestSongOutcome,
  type RequestSongResult,
  type RequestSongVars,
} from './song-requests/request-song-mutation';
export {
  moveUpNext,
  useMoveUpNextMutation,
  type MoveUpNextVars,
} from './song-requests/song-request-status-mutation';
export {
  isRequestLimitError,
  requestOutcomeToast,
  requestPlayingToast,
} from './song-requests/errors';
export { removeRequest, upsertTonightsRequest } from './song-requests/cache';
export { LIVE_POLL_INTERVAL_MS, loungeTopics, pollIntervalFor } from './realtime/constants';
export {
  useRealtimeChannel,
  type BroadcastHandlers,
  type LiveStatus,
} from './realtime/use-realtime-channel';
export {
  useLoungeLive,
  type LoungeLiveOptions,
  type PlayingRequest,
} from './realtime/use-lounge-live';
export { useAdminCountsLive } from './admin-overview/use-admin-counts-live';

// --- bookings as reservations: availability, cancelling, capacity, door check-in ---
export {
  CANCELLABLE_STATUSES,
  canCancelBooking,
  guestBookingStatus,
  spotsLeftLabel,
  willBeWaitlisted,
  type GuestBookingStatus,
} from './bookings/booking-rules';
export {
  fetchEventAvailability,
  parseAvailabilityRow,
  eventAvailabilityQueryOptions,
  useEventAvailability,
  type EventAvailability,
} from './bookings/availability-query';
export {
  cancelBooking,
  useBookingCancelMutation,
  type CancelBookingVars,
  type CancelledOwnBooking,
} from './bookings/booking-cancel-mutation';
export {
  cancelBookingByToken,
  fetchBookingByToken,
  bookingByTokenQueryOptions,
  useBookingByToken,
  parseCancelledBooking,
  useBookingCancelLinkMutation,
  type CancelledBooking,
} from './bookings/booking-cancel-link-mutation';
export { bookingInsert } from './bookings/booking-create-mutation';
export { BOOKING_CSV_COLUMNS, bookingsToCsv, csvField } from './admin-bookings/bookings-csv';
export {
  fetchEventLoad,
  eventLoadQueryOptions,
  useEventLoad,
  type EventLoad,
} from './admin-bookings/event-load-query';
export {
  parseCapacity,
  setEventCapacity,
  useEventCapacityMutation,
  type EventCapacityVars,
} from './admin-bookings/event-capacity-mutation';
export {
  checkInBooking,
  normalizeBookingCode,
  parseCheckIn,
  useBookingCheckInMutation,
  type CheckInResult,
} from './admin-bookings/check-in-mutation';
export {
  exportBookings,
  useBookingsExportMutation,
  type BookingsExport,
} from './admin-bookings/bookings-export-mutation';
export {
  venueWallClock,
  localWallClock,
  formatWallClock,
  calendarDate,
  venueInstant,
  type WallClock,
} from './lib/venue-time';
export {
  fetchLiveDjRatings,
  liveDjRatingsQueryOptions,
  useLiveDjRatings,
  type LiveDjRatingsPage,
} from './dj-ratings/dj-ratings-query';
