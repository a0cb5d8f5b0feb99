/** What the container suite's global setup found, handed to the test files with inject(). */
export interface ContainerEngine {
  readonly available: boolean;
  /** Why the suite is skipped, when it is. */
  readonly reason: string;
  /** The emulator image built from this checkout. */
  readonly image: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    containerEngine: ContainerEngine;
  }
}
