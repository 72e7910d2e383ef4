export {
  useAuthStore,
  selectViewer,
  startAuthListener,
  signOut,
  type AuthState,
  type AuthStatus,
} from './lib/auth-store';
export { RequireMember } from './lib/require-member';
