/**
 * The rows of an UPDATE or DELETE … RETURNING run through `DataSource.query` or `EntityManager.query` (TypeORM's
 * PostgreSQL driver answers those as `[rows, affected]`, a SELECT or INSERT as the rows).
 */
export function returnedRows<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
