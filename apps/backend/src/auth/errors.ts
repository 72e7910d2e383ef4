/**
 * The auth API's error codes and their constructors, in GoTrue's wire shape:
 * `{ code: <HTTP status>, error_code, msg, ...extra }`.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const ErrorCode = {
  BadJson: 'bad_json',
  ValidationFailed: 'validation_failed',
  EmailAddressInvalid: 'email_address_invalid',
  WeakPassword: 'weak_password',
  SamePassword: 'same_password',
  NoAuthorization: 'no_authorization',
  BadJwt: 'bad_jwt',
  SessionNotFound: 'session_not_found',
  UserNotFound: 'user_not_found',
  NotAdmin: 'not_admin',
  UserAlreadyExists: 'user_already_exists',
  EmailExists: 'email_exists',
  InvalidCredentials: 'invalid_credentials',
  EmailNotConfirmed: 'email_not_confirmed',
  UserBanned: 'user_banned',
  RefreshTokenNotFound: 'refresh_token_not_found',
  RefreshTokenAlreadyUsed: 'refresh_token_already_used',
  FlowStateNotFound: 'flow_state_not_found',
  FlowStateExpired: 'flow_state_expired',
  BadCodeVerifier: 'bad_code_verifier',
  OtpExpired: 'otp_expired',
  MfaTotpEnrollNotEnabled: 'mfa_totp_enroll_not_enabled',
  MfaFactorNotFound: 'mfa_factor_not_found',
  MfaPhoneEnrollNotEnabled: 'mfa_phone_enroll_not_enabled',
  MfaWebAuthnEnrollNotEnabled: 'mfa_webauthn_enroll_not_enabled',
  MfaFactorNameConflict: 'mfa_factor_name_conflict',
  TooManyEnrolledMfaFactors: 'too_many_enrolled_mfa_factors',
  InsufficientAal: 'insufficient_aal',
  MfaChallengeExpired: 'mfa_challenge_expired',
  MfaVerificationFailed: 'mfa_verification_failed',
  MfaIpAddressMismatch: 'mfa_ip_address_mismatch',
  OverRequestRateLimit: 'over_request_rate_limit',
  OverEmailSendRateLimit: 'over_email_send_rate_limit',
  AnonymousProviderDisabled: 'anonymous_provider_disabled',
  SignupDisabled: 'signup_disabled',
  SamlProviderDisabled: 'saml_provider_disabled',
  ProviderDisabled: 'provider_disabled',
  ManualLinkingDisabled: 'manual_linking_disabled',
  PhoneProviderDisabled: 'phone_provider_disabled',
  Web3ProviderDisabled: 'web3_provider_disabled',
  Web3UnsupportedChain: 'web3_unsupported_chain',
  OtpDisabled: 'otp_disabled',
  ReauthenticationNeeded: 'reauthentication_needed',
  ReauthenticationNotValid: 'reauthentication_not_valid',
  NotFound: 'not_found',
  UnexpectedFailure: 'unexpected_failure',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function authErrorResponse(c: Context, e: AuthError): Response {
  return c.json({ code: e.status, error_code: e.errorCode, msg: e.message, ...e.extra }, e.status);
}

const UNSUPPORTED_PROVIDER = 'Unsupported provider: provider is not enabled';
const REFRESH_NOT_FOUND = 'Invalid Refresh Token: Refresh Token Not Found';

export const badJson = (msg: string) => new AuthError(400, ErrorCode.BadJson, msg);
export const validationFailed = (msg: string) =>
  new AuthError(400, ErrorCode.ValidationFailed, msg);
export const unsupportedProvider = () => validationFailed(UNSUPPORTED_PROVIDER);
/** GoTrue's format check answers 400 `validation_failed` (its `email_address_invalid` is for
 * an address its mailer refuses to send to, which this service never does). */
export const emailAddressInvalid = () =>
  validationFailed('Unable to validate email address: invalid format');
export const emailAddressTooLong = () => validationFailed('An email address is too long');
export const weakPassword = (msg: string, reasons: string[]) =>
  new AuthError(422, ErrorCode.WeakPassword, msg, { weak_password: { reasons } });
export const samePassword = () =>
  new AuthError(
    422,
    ErrorCode.SamePassword,
    'New password should be different from the old password.',
  );
export const noAuthorization = () =>
  new AuthError(401, ErrorCode.NoAuthorization, 'This endpoint requires a valid Bearer token');
export const badJwt = (msg: string) => new AuthError(403, ErrorCode.BadJwt, msg);
export const sessionNotFound = () =>
  new AuthError(
    403,
    ErrorCode.SessionNotFound,
    'Session from session_id claim in JWT does not exist',
  );
export const jwtUserNotFound = () =>
  new AuthError(403, ErrorCode.UserNotFound, 'User from sub claim in JWT does not exist');
export const userNotFound = () => new AuthError(404, ErrorCode.UserNotFound, 'User not found');
export const notAdmin = () => new AuthError(403, ErrorCode.NotAdmin, 'User not allowed');
export const userAlreadyExists = () =>
  new AuthError(422, ErrorCode.UserAlreadyExists, 'User already registered');
export const emailExists = () =>
  new AuthError(
    422,
    ErrorCode.EmailExists,
    'A user with this email address has already been registered',
  );
export const invalidCredentials = () =>
  new AuthError(400, ErrorCode.InvalidCredentials, 'Invalid login credentials');
export const emailNotConfirmed = () =>
  new AuthError(400, ErrorCode.EmailNotConfirmed, 'Email not confirmed');
export const userBanned = () => new AuthError(400, ErrorCode.UserBanned, 'User is banned');
export const refreshTokenNotFound = () =>
  new AuthError(400, ErrorCode.RefreshTokenNotFound, REFRESH_NOT_FOUND);
export const refreshTokenAlreadyUsed = () =>
  new AuthError(400, ErrorCode.RefreshTokenAlreadyUsed, 'Invalid Refresh Token: Already Used');
export const flowStateNotFound = () =>
  new AuthError(404, ErrorCode.FlowStateNotFound, 'invalid flow state, no valid flow state found');
export const flowStateExpired = () =>
  new AuthError(400, ErrorCode.FlowStateExpired, 'invalid flow state, flow state has expired');
export const badCodeVerifier = () =>
  new AuthError(
    403,
    ErrorCode.BadCodeVerifier,
    'code challenge does not match previously saved code verifier',
  );
export const otpExpired = () =>
  new AuthError(403, ErrorCode.OtpExpired, 'Token has expired or is invalid');
export const mfaPhoneEnrollNotEnabled = () =>
  new AuthError(422, ErrorCode.MfaPhoneEnrollNotEnabled, 'MFA enroll is disabled for Phone');
export const mfaWebAuthnEnrollNotEnabled = () =>
  new AuthError(422, ErrorCode.MfaWebAuthnEnrollNotEnabled, 'MFA enroll is disabled for WebAuthn');
export const mfaFactorNameConflict = (name: string) =>
  new AuthError(
    422,
    ErrorCode.MfaFactorNameConflict,
    `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
  );
export const tooManyEnrolledMfaFactors = () =>
  new AuthError(
    422,
    ErrorCode.TooManyEnrolledMfaFactors,
    'Maximum number of verified factors reached, unenroll to continue',
  );
export const insufficientAal = (status: 403 | 422, message: string) =>
  new AuthError(status, ErrorCode.InsufficientAal, message);
export const mfaChallengeExpired = (id: string) =>
  new AuthError(
    422,
    ErrorCode.MfaChallengeExpired,
    `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
  );
export const mfaVerificationFailed = () =>
  new AuthError(422, ErrorCode.MfaVerificationFailed, 'Invalid TOTP code entered');
export const mfaIpAddressMismatch = () =>
  new AuthError(422, ErrorCode.MfaIpAddressMismatch, 'Challenge and verify IP addresses mismatch.');
export const mfaFactorNotFound = () =>
  new AuthError(404, ErrorCode.MfaFactorNotFound, 'Factor not found');
export const overRequestRateLimit = () =>
  new AuthError(429, ErrorCode.OverRequestRateLimit, 'Request rate limit reached');
export const overEmailSendRateLimit = () =>
  new AuthError(429, ErrorCode.OverEmailSendRateLimit, 'Email rate limit exceeded');
export const notFound = () => new AuthError(404, ErrorCode.NotFound, 'Not found');
export const unexpectedFailure = () =>
  new AuthError(500, ErrorCode.UnexpectedFailure, 'Unexpected failure, please try again');
export const anonymousProviderDisabled = () =>
  new AuthError(422, ErrorCode.AnonymousProviderDisabled, 'Anonymous sign-ins are disabled');
export const web3ProviderDisabled = () =>
  new AuthError(400, ErrorCode.Web3ProviderDisabled, 'Web3 provider is disabled');
export const web3UnsupportedChain = () =>
  new AuthError(400, ErrorCode.Web3UnsupportedChain, 'Unsupported chain');
export const phoneProviderDisabled = (msg: string) =>
  new AuthError(400, ErrorCode.PhoneProviderDisabled, msg);
export const otpDisabled = () =>
  new AuthError(422, ErrorCode.OtpDisabled, 'Signups not allowed for otp');
export const reauthenticationNeeded = () =>
  new AuthError(400, ErrorCode.ReauthenticationNeeded, 'Password update requires reauthentication');
export const reauthenticationNotValid = (msg = 'Nonce has expired or is invalid') =>
  new AuthError(422, ErrorCode.ReauthenticationNotValid, msg);
export const emailUserNotFound = () =>
  new AuthError(404, ErrorCode.UserNotFound, 'User with this email not found');
export const signupDisabled = () =>
  new AuthError(422, ErrorCode.SignupDisabled, 'Signups not allowed for this instance');
export const samlProviderDisabled = () =>
  new AuthError(404, ErrorCode.SamlProviderDisabled, 'SAML 2.0 is disabled');
export const issuerNotEnabled = (issuer: string) =>
  new AuthError(
    400,
    ErrorCode.ProviderDisabled,
    `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`,
  );
export const manualLinkingDisabled = () =>
  new AuthError(422, ErrorCode.ManualLinkingDisabled, 'Manual linking is disabled');
