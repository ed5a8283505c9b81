/**
 * Age in whole years (docs/spec-points.md §9), from a birth date and today's date, both yyyy-mm-dd in the
 * user's calendar. The birthday counts on its day: born 2000-05-10 is 23 on 2023-05-09 and 24 on
 * 2023-05-10. Someone born on 29 February turns a year older on 1 March in common years.
 * Returns null when either date is not yyyy-mm-dd or birth is after today.
 */
export function ageInYears(birth: string, today: string): number | null {
  const b = parseDay(birth);
  const t = parseDay(today);
  if (b === null || t === null) return null;
  let years = t.year - b.year;
  if (t.month < b.month || (t.month === b.month && t.day < b.day)) years -= 1;
  return years >= 0 ? years : null;
}

function parseDay(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}
