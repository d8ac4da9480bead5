import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_TITLES, formatPageTitle, pageTitleKey } from './page-titles.ts';

const locale = (language: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${language}/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const lookup = (bundle: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('pageTitleKey', () => {
  it.each([
    ['/', 'common', 'pageTitles.home'],
    ['/all-services', 'common', 'pageTitles.allServices'],
    ['/approve/abc', 'common', 'pageTitles.approve'],
    ['/login', 'common', 'pageTitles.login'],
    ['/nowhere', 'common', 'pageTitles.notFound'],
    ['/admin/visits', 'shell', 'pages.visits'],
    ['/admin/users/42', 'shell', 'pages.userDetail'],
    ['/admin/users/42/vehicle/7', 'shell', 'pages.vehicleDetail'],
    ['/admin/users/42/vehicle/7/visit/9', 'shell', 'pages.visitDetail'],
    ['/admin/users/42/vehicle/7/visit/9/task/3', 'shell', 'pages.taskDetail'],
    ['/admin/messages/rate', 'shell', 'pages.ratings'],
    ['/admin/settings/offering/5', 'shell', 'pages.offeringCategory'],
    ['/admin/media/4/5/6', 'shell', 'pages.media'],
    ['/admin/nowhere', 'common', 'pageTitles.notFound'],
    ['/client/overview/oil/7', 'shell', 'pages.oilChanges'],
    ['/client/overview/7', 'shell', 'pages.vehicleDetail'],
    ['/client/overview/7/9', 'shell', 'pages.visitDetail'],
    ['/client/overview/7/9/3', 'shell', 'pages.taskDetail'],
    ['/client/media', 'shell', 'pages.media'],
  ])('%s is titled by %s:%s', (pathname, ns, key) => {
    expect(pageTitleKey(pathname)).toEqual({ ns, key });
  });

  it('every title key exists in every language', () => {
    for (const language of ['en', 'fr', 'ar']) {
      for (const [, { ns, key }] of [...ROUTE_TITLES, ['', pageTitleKey('/nowhere')] as const]) {
        expect(typeof lookup(locale(language, ns), key), `${language} ${ns}:${key}`).toBe('string');
      }
    }
  });

  it('formats "Page · Shop" and falls back to the shop name', () => {
    expect(formatPageTitle('Visits', 'Atlas Garage')).toBe('Visits · Atlas Garage');
    expect(formatPageTitle(undefined, 'Atlas Garage')).toBe('Atlas Garage');
  });
});
