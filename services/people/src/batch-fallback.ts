/**
 * After a batch job failed as a whole (ADR 0032): each item alone, so one that cannot be done holds up no other.
 * Once all were tried, the first failure (if any) is thrown, so the job's retry takes the ones left; an item that
 * failed counts as `failed` in the results.
 */
export async function eachAlone<T, R>(
  items: readonly T[],
  run: (item: T) => Promise<R>,
  failed: R,
): Promise<R[]> {
  const results: R[] = [];
  let failure: unknown = null;
  for (const item of items) {
    results.push(
      await run(item).catch((reason: unknown) => {
        failure ??= reason;
        return failed;
      }),
    );
  }
  if (failure) throw failure;
  return results;
}

/** An error's kind for a log line: its name and code, never its text (a database error can quote a lead's values). */
export function errorKind(error: unknown): string {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return [name ?? 'Error', code].filter(Boolean).join(' ');
}
