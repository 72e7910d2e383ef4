import styled from 'styled-components';
import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ErrorState, LoadingState, type RemoteName } from '@bistro/ui';
import { releaseCrashed } from '../releases/area-release';
import { loadArea, resetArea } from './federation';

const AreaMarker = styled.div`
  display: contents;
`;

const areaLabels: Record<RemoteName, string> = {
  guest: 'This page',
  lounge: 'The lounge',
  games: 'Games & Fun',
  admin: 'The admin dashboard',
};

const lazyAreas = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

function lazyArea(name: RemoteName): LazyExoticComponent<ComponentType> {
  let area = lazyAreas.get(name);
  if (!area) {
    area = lazy(async () => ({ default: await loadArea(name) }));
    lazyAreas.set(name, area);
  }
  return area;
}

/** Drops one area's cached component (a new build of it was deployed). */
export function forgetArea(name: RemoteName): void {
  lazyAreas.delete(name);
}

/** Drops every cached area component (the next render loads afresh). */
export function forgetLoadedAreas(): void {
  lazyAreas.clear();
}

interface BoundaryProps {
  name: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

class AreaErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.name}] area failed`, error, info.componentStack);
    // counted against the running release (a load failure is counted where it happens)
    releaseCrashed(this.props.name, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          title="This area couldn't load"
          message={`${areaLabels[this.props.name]} is unavailable right now. The rest of the app still works. Check your connection and try again.`}
          onRetry={this.props.onRetry}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * Renders one remote's area. Its code is fetched on first render only; a failure
 * stays inside this boundary and Retry loads the remote afresh.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Area = lazyArea(name);
  const retry = () => {
    resetArea(name);
    lazyAreas.delete(name);
    setAttempt((n) => n + 1);
  };
  return (
    // data-remote names the remote that serves this area (read by the e2e tests).
    <AreaMarker data-remote={name}>
      <AreaErrorBoundary key={`${name}:${attempt}`} name={name} onRetry={retry}>
        <Suspense fallback={<LoadingState label="Loading…" />}>
          <Area />
        </Suspense>
      </AreaErrorBoundary>
    </AreaMarker>
  );
}
