import 'react';

// React 19 passes a lower-case attribute it does not know through to the DOM, but
// its types have no `elementtiming`: the Element Timing API's marker, which makes
// the browser report when that element (its text or image) was first painted.
declare module 'react' {
  // Merging needs React's own type parameter name, unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /** The PerformanceElementTiming identifier reported for this element's first paint. */
    elementtiming?: string;
  }
}
