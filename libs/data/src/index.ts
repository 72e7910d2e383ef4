export {
  runtimeConfigSchema,
  parseRuntimeConfig,
  fetchRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
} from './lib/runtime-config';
export {
  configureSupabase,
  getSupabase,
  isSupabaseConfigured,
  type BistroClient,
} from './lib/supabase-client';
export { queryClient } from './lib/query-client';
export {
  DataError,
  unwrap,
  errorCode,
  errorMessage,
  isUniqueViolation,
  type ServerError,
} from './lib/errors';
export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './database.types';

// Domains: one folder each under src/ (keys.ts, <entity>-query.ts,
// <entity>-<verb>-mutation.ts, errors.ts). Each area adds its exports in its
// own section below; keep to your section to avoid edit collisions.

// --- guest domains (events, bookings, offers, photos, profiles, analytics, account) ---
export type { Notice } from './account/notice';
export { eventKeys } from './events/keys';
export {
  fetchUpcomingEvents,
  upcomingEventsQuery,
  approvedEventsQuery,
  useUpcomingEvents,
  useApprovedEvents,
  HOME_UPCOMING_EVENTS,
  type EventRow,
} from './events/events-query';
export { bookingKeys } from './bookings/keys';
export {
  fetchRecentBookings,
  recentBookingsQuery,
  useRecentBookings,
  RECENT_BOOKINGS,
  type BookingRow,
} from './bookings/bookings-query';
export {
  createBooking,
  useCreateBooking,
  type BookingInput,
} from './bookings/booking-create-mutation';
export { bookingSubmitted, bookingFailed, authenticationRequired } from './bookings/errors';
export { offerKeys } from './offers/keys';
export {
  fetchActiveOffers,
  activeOffersQuery,
  useActiveOffers,
  type OfferRow,
} from './offers/offers-query';
export {
  fetchRedeemedOfferIds,
  redeemedOfferIdsQuery,
  useRedeemedOfferIds,
} from './offers/redemptions-query';
export { redeemOffer, useRedeemOffer } from './offers/offer-redeem-mutation';
export { offerRedeemed, redeemFailed } from './offers/errors';
export { photoKeys } from './photos/keys';
export {
  fetchLatestApprovedPhotos,
  latestPhotosQuery,
  useLatestPhotos,
  PHOTO_GRID_SIZE,
  type PhotoRow,
} from './photos/photos-query';
export { uploadPhoto, useUploadPhoto, PHOTO_CAPTION } from './photos/photo-upload-mutation';
export {
  uploadImage,
  isImageFile,
  fileExtension,
  storedImageName,
  type ImageBucket,
} from './photos/image-upload';
export { photoUploaded, photoUploadFailed } from './photos/errors';
export { profileKeys } from './profiles/keys';
export { fetchProfile, profileQuery, useProfile, type ProfileRow } from './profiles/profile-query';
export {
  upsertProfile,
  useUpsertProfile,
  type ProfileInput,
} from './profiles/profile-upsert-mutation';
export { profileUpdated, profileUpdateFailed } from './profiles/errors';
export { recordAnalytics, type GuestAnalyticsEvent } from './analytics/analytics-record';
export { accountKeys } from './account/keys';
export { fetchAccountExport, type AccountExport } from './account/account-export-query';
export { deleteAccountData, useDeleteAccount } from './account/account-delete-mutation';
export {
  DELETE_ACCOUNT_CONFIRM,
  dataExported,
  exportFailed,
  accountDeleted,
  deleteFailed,
} from './account/errors';

// --- lounge domains (song requests, votes, djs, ratings) ---
export { businessDate, VENUE_TIME_ZONE } from './song-requests/business-date';
export {
  LOUNGE_POLL_INTERVAL_MS,
  SONG_REQUEST_VISIBLE_HOURS,
  SONG_REQUEST_STATUSES,
  type SongRequestStatus,
} from './song-requests/constants';
export type { ToastMessage } from './song-requests/toast-message';
export { songRequestKeys } from './song-requests/keys';
export {
  fetchTonightsSongRequests,
  tonightsSongRequestsQueryOptions,
  useTonightsSongRequests,
  type SongRequest,
} from './song-requests/song-requests-query';
export {
  createSongRequest,
  useCreateSongRequest,
  type CreateSongRequestVars,
} from './song-requests/song-request-create-mutation';
export {
  setSongRequestStatus,
  useSetSongRequestStatus,
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
  useToggleVote,
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
  useCreateDjRating,
  type CreateDjRatingVars,
} from './dj-ratings/dj-rating-create-mutation';
export {
  loungeRatingToasts,
  djPageToasts,
  loungeRatingErrorToast,
  djPageRatingErrorToast,
} from './dj-ratings/errors';

// --- admin domains (moderation, users, roles, analytics, functions) ---
export { adminKeys, refreshAfterAdminChange } from './admin-overview/keys';
export { adminLoadFailed, adminActionFailed, type AdminMessage } from './admin-overview/errors';
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
  useCreateEvent,
  type CreateEventVars,
} from './admin-events/event-create-mutation';
export {
  moderateEvent,
  useModerateEvent,
  type EventAction,
} from './admin-events/event-moderate-mutation';
export {
  EVENT_IMAGES_BUCKET,
  eventImagePath,
  uploadEventImage,
  useUploadEventImage,
} from './admin-events/event-image-upload-mutation';
export { eventMessages } from './admin-events/errors';
export { adminBookingKeys } from './admin-bookings/keys';
export {
  bookingStatus,
  fetchAdminBookings,
  adminBookingsQueryOptions,
  useAdminBookings,
  type AdminBooking,
  type BookingStatus,
} from './admin-bookings/bookings-query';
export {
  bookingReviewUpdate,
  bookingNotificationPayload,
  notifyBookingChange,
  reviewBooking,
  useReviewBooking,
  type BookingDecision,
  type BookingNotificationPayload,
  type ReviewBookingVars,
} from './admin-bookings/booking-review-mutation';
export { bookingMessages } from './admin-bookings/errors';
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
  useModeratePhoto,
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
export { setVipStatus, useSetVipStatus, type SetVipVars } from './admin-users/user-vip-mutation';
export { deleteUser, useDeleteUser, type DeleteUserVars } from './admin-users/user-delete-mutation';
export {
  seedTestUsers,
  useSeedTestUsers,
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
export { grantAdmin, useGrantAdmin, type GrantAdminVars } from './admin-roles/role-grant-mutation';
export { revokeAdmin, useRevokeAdmin } from './admin-roles/role-revoke-mutation';
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
