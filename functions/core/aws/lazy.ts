/**
 * One AWS client per service per process, created on first use (after configuration is read).
 * Each service has its own module so that a Lambda bundles only the SDK clients it uses.
 */
export function lazy<T>(create: () => T): () => T {
  let instance: T | undefined;
  return () => (instance ??= create());
}
