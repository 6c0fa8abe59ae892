/** A positive integer query parameter, or null (missing, 0, negative, not a number). */
export function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
