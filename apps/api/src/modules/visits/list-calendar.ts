// "Today" and the date filters' creation ranges for the visits list, remembered per time zone until that
// zone's next midnight: they only change then, and Intl's time-zone arithmetic behind calendarDateIn and
// dateFilterRange was the costliest JavaScript of a list request (about 30 µs of the 200 µs of a request with
// a date filter, apps/api/bench/visits-list.ts). The rules themselves stay in packages/shared.
import { addDays, calendarDateIn, dateFilterRange, startOfDayIn, type DateFilter } from '@garage/shared';

interface CalendarDay {
  today: string;
  /** The day's first instant and the next day's, in ms: `now` in [from, until) has this calendar day. */
  from: number;
  until: number;
  ranges: Map<DateFilter, { from: Date; to: Date }>;
}

// Time zones come from the request: bound the map so odd inputs cannot grow it.
const MAX_TIME_ZONES = 100;
const days = new Map<string, CalendarDay>();

function dayOf(now: Date, timeZone: string): CalendarDay {
  const instant = now.getTime();
  let day = days.get(timeZone);
  if (!day || instant < day.from || instant >= day.until) {
    const today = calendarDateIn(now, timeZone);
    const from = startOfDayIn(today, timeZone).getTime();
    const until = startOfDayIn(addDays(today, 1), timeZone).getTime();
    day = { today, from, until, ranges: new Map() };
    if (days.size >= MAX_TIME_ZONES) days.clear();
    days.set(timeZone, day);
  }
  return day;
}

/** calendarDateIn(now, timeZone). */
export function todayIn(now: Date, timeZone: string): string {
  return dayOf(now, timeZone).today;
}

/** dateFilterRange(filter, now, timeZone); the returned dates are shared, do not modify them. */
export function createdRangeOf(filter: DateFilter, now: Date, timeZone: string): { from: Date; to: Date } {
  const day = dayOf(now, timeZone);
  let range = day.ranges.get(filter);
  if (!range) {
    range = dateFilterRange(filter, now, timeZone);
    day.ranges.set(filter, range);
  }
  return range;
}
