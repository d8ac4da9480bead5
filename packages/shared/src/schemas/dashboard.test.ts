import { describe, expect, it } from 'vitest';
import { dashboardKpisInputSchema, dashboardRange, kpi } from './dashboard.ts';

const range = (input: Record<string, unknown>, now: string) => {
  const r = dashboardRange(dashboardKpisInputSchema.parse(input), new Date(now));
  return {
    days: [r.firstDay, r.lastDay],
    from: r.from.toISOString(),
    to: r.to.toISOString(),
    previousDays: [r.previous.firstDay, r.previous.lastDay],
    previousFrom: r.previous.from.toISOString(),
    previousTo: r.previous.to.toISOString(),
  };
};

describe('dashboardRange', () => {
  it('compares today so far with yesterday up to the same time', () => {
    expect(range({ period: 'today' }, '2026-03-11T10:30:00Z')).toEqual({
      days: ['2026-03-11', '2026-03-11'],
      from: '2026-03-11T00:00:00.000Z',
      to: '2026-03-11T10:30:00.000Z',
      previousDays: ['2026-03-10', '2026-03-10'],
      previousFrom: '2026-03-10T00:00:00.000Z',
      previousTo: '2026-03-10T10:30:00.000Z',
    });
  });

  it('starts weeks on Monday and compares with the same weekdays of last week, in the caller zone', () => {
    // 11 March 2026, 00:00 UTC is already Wednesday 01:00 in Paris (UTC+1).
    const r = range({ period: 'thisWeek', timeZone: 'Europe/Paris' }, '2026-03-11T00:00:00Z');
    expect(r.days).toEqual(['2026-03-09', '2026-03-11']);
    expect(r.from).toBe('2026-03-08T23:00:00.000Z');
    expect(r.previousDays).toEqual(['2026-03-02', '2026-03-04']);
    expect(r.previousFrom).toBe('2026-03-01T23:00:00.000Z');
    expect(r.previousTo).toBe('2026-03-04T00:00:00.000Z');
  });

  it('compares this month with the same days of last month, fewer when it is shorter', () => {
    expect(range({ period: 'thisMonth' }, '2026-03-10T12:00:00Z')).toMatchObject({
      days: ['2026-03-01', '2026-03-10'],
      previousDays: ['2026-02-01', '2026-02-10'],
      previousTo: '2026-02-10T12:00:00.000Z',
    });
    expect(range({ period: 'thisMonth' }, '2026-03-31T12:00:00Z')).toMatchObject({
      previousDays: ['2026-02-01', '2026-02-28'],
      previousTo: '2026-03-01T00:00:00.000Z',
    });
    expect(range({ period: 'thisMonth' }, '2026-01-15T08:00:00Z').previousDays).toEqual(['2025-12-01', '2025-12-15']);
  });

  it('takes the 30 days before the last 30 days', () => {
    expect(range({ period: 'last30Days' }, '2026-03-31T06:00:00Z')).toMatchObject({
      days: ['2026-03-02', '2026-03-31'],
      previousDays: ['2026-01-31', '2026-03-01'],
      previousFrom: '2026-01-31T00:00:00.000Z',
      previousTo: '2026-03-01T06:00:00.000Z',
    });
  });

  it('compares a past custom period with the same number of days before it, whole', () => {
    expect(range({ period: 'custom', from: '2020-02-10', to: '2020-02-19' }, '2026-03-31T06:00:00Z')).toEqual({
      days: ['2020-02-10', '2020-02-19'],
      from: '2020-02-10T00:00:00.000Z',
      to: '2020-02-20T00:00:00.000Z',
      previousDays: ['2020-01-31', '2020-02-09'],
      previousFrom: '2020-01-31T00:00:00.000Z',
      previousTo: '2020-02-10T00:00:00.000Z',
    });
  });
});

describe('dashboardKpisInputSchema', () => {
  it('defaults to the last 30 days in UTC', () => {
    expect(dashboardKpisInputSchema.parse({})).toEqual({ period: 'last30Days', timeZone: 'UTC' });
  });

  it.each([
    [{ period: 'custom' }, 'from', 'required|fieldName=from'],
    [{ period: 'custom', from: '2026-01-10', to: '2026-01-09' }, 'to', 'minValue|fieldName=to&minValue=2026-01-10'],
    [{ period: 'custom', from: '2024-01-01', to: '2025-01-01' }, 'to', 'maxValue|fieldName=to&maxValue=2024-12-31'],
    [{ period: 'custom', from: '2026-02-30', to: '2026-03-01' }, 'from', 'format|fieldName=from'],
    [{ period: 'yesterday' }, 'period', undefined],
  ])('rejects %j on %s', (input, path, message) => {
    const result = dashboardKpisInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === path);
    expect(issue).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
  });

  it('accepts a custom period of 366 days', () => {
    expect(dashboardKpisInputSchema.safeParse({ period: 'custom', from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
  });
});

describe('kpi', () => {
  it('gives the relative change, none without a base', () => {
    expect(kpi(150, 100)).toEqual({ value: 150, previous: 100, change: 0.5 });
    expect(kpi(5, 0).change).toBeNull();
    expect(kpi(null, 3).change).toBeNull();
    expect(kpi(-50, -100).change).toBe(0.5);
  });
});
