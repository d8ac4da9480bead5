// Wall-clock times of the shop's time zone <-> instants, with Intl only (no date library): staff choose
// "Tuesday 09:30" in the shop's zone whatever zone their browser is in.

function parts(instant: Date, timeZone: string) {
  const values = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${values.year}-${values.month}-${values.day}`, hour: Number(values.hour), minute: Number(values.minute) };
}

/** The instant (ISO, UTC) of `day` at `time` ("09:30") in `timeZone`. */
export function zonedToIso(day: string, time: string, timeZone: string): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const guess = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour, minute);
  // The zone's offset at that moment: format the guess in the zone and compare (twice, for DST edges).
  let instant = guess;
  for (let i = 0; i < 2; i += 1) {
    const seen = parts(new Date(instant), timeZone);
    const seenUtc = Date.UTC(
      Number(seen.day.slice(0, 4)),
      Number(seen.day.slice(5, 7)) - 1,
      Number(seen.day.slice(8, 10)),
      seen.hour,
      seen.minute,
    );
    instant += guess - seenUtc;
  }
  return new Date(instant).toISOString();
}

/** Day ("yyyy-mm-dd") and time ("09:30") of an instant in `timeZone`. */
export function isoToZoned(iso: string, timeZone: string): { day: string; time: string; hour: number } {
  const p = parts(new Date(iso), timeZone);
  return { day: p.day, time: `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`, hour: p.hour };
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Monday of the week of `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function todayIn(timeZone: string): string {
  return parts(new Date(), timeZone).day;
}
