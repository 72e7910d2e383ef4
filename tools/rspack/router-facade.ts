/**
 * What the suite uses of react-router. Builds resolve `react-router-dom` to this
 * file (tools/rspack/create-config.ts) and share it as the router singleton, so
 * the shared chunk holds these exports only (react-router, tree-shaken, in its
 * production build) instead of the whole library. An import of anything not
 * listed here fails the build (`exportsPresence: 'error'`): add it here.
 * Types come from the real package (tsconfig paths are untouched).
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
