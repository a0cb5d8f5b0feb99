/**
 * Values built on first use instead of at module load. The request schemas of every endpoint are
 * zod objects that take tens of milliseconds to build all together; `billing-emulator start` answers
 * its first request sooner when it builds only what that request needs, and the rest as it comes.
 */

/**
 * A getter that runs `build` once, on its first call, and returns that same value ever after.
 * `build` runs nothing at module load, so put everything costly (zod schemas) inside it.
 *
 * @example
 * export const customerSchemas = onFirstUse(() => ({
 *   '2021-01': { create: z.object({ email: z.email() }) },
 *   '2021-11': { create: z.object({ email: z.email() }) },
 * }));
 * parseWith(customerSchemas()[request.version].create, request.body); // built by the first call
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { readonly value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
