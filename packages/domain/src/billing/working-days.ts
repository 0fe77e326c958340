import { TZDate } from '@date-fns/tz';
import { LONDON } from '../dates.ts';
import { londonMidnight } from './schedule.ts';

/**
 * London midnight `n` working days (Monday to Friday) after the London day of `at`. Bank holidays are not
 * counted out (ADR 202): the Bacs notice is then a day longer than it needs to be, never shorter.
 */
export function addWorkingDays(at: Date, n: number): Date {
  const t = new TZDate(at.getTime(), LONDON);
  let y = t.getFullYear();
  let m = t.getMonth();
  let d = t.getDate();
  let left = n;
  while (left > 0) {
    const next = new TZDate(londonMidnight(y, m, d + 1).getTime(), LONDON);
    y = next.getFullYear();
    m = next.getMonth();
    d = next.getDate();
    const weekday = next.getDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return londonMidnight(y, m, d);
}
