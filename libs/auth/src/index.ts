export {
  useAuthStore,
  selectViewer,
  useUserId,
  startAuthListener,
  signOut,
  preloadAuth,
  AuthViewerProvider,
  adoptRenderedSession,
  lookUpRoles,
  onSessionEvent,
  type AuthState,
  type AuthStatus,
} from './lib/auth-store';
export { RequireMember } from './lib/require-member';
export { RedirectToAuth } from './lib/redirect-to-auth';
export {
  authRedirectState,
  returnPath,
  signInReason,
  type AuthRedirectState,
} from './lib/auth-redirect';
export {
  signInWithPassword,
  signUp,
  resendSignUpEmail,
  requestPasswordReset,
  updatePassword,
} from './lib/auth-actions';
export {
  signInFailed,
  signUpFailed,
  resetFailed,
  updateFailed,
  resendFailed,
  newPasswordProblem,
  MIN_PASSWORD_LENGTH,
} from './lib/auth-messages';
export { sessionAal, needsSecondFactor } from './lib/session-level';
export {
  authenticatorOf,
  startTotpEnrolment,
  confirmTotp,
  verifySecondFactor,
  removeAuthenticator,
  secondFactorFailed,
  type TotpEnrolment,
  type TotpFactor,
} from './lib/second-factor';
