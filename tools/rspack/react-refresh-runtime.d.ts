/** The parts of react-refresh's runtime that refresh-runtime.ts passes on (the package ships no types). */
declare module 'react-refresh/runtime' {
  export function createSignatureFunctionForTransform(): (
    type: unknown,
    key?: string,
    forceReset?: boolean,
    getCustomHooks?: () => unknown[],
  ) => unknown;
  export function getFamilyByType(type: unknown): unknown;
  export function injectIntoGlobalHook(globalObject: typeof globalThis): void;
  export function isLikelyComponentType(type: unknown): boolean;
  export function performReactRefresh(): unknown;
  export function register(type: unknown, id: string): void;
}
