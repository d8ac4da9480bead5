import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, CLIENT_NAV, activeNavKey } from './nav-items.ts';

describe('activeNavKey', () => {
  it.each([
    ['/admin/users', 'users'],
    ['/admin/users/42', 'users'],
    ['/admin/users/42/vehicle/7', 'users'],
    ['/admin/users/42/vehicle/7/visit/9', 'visits'],
    ['/admin/users/42/vehicle/7/visit/9/task/3', 'visits'],
    ['/admin/visits', 'visits'],
    ['/admin/messages', 'messages'],
    ['/admin/messages/rate', 'ratings'],
    ['/admin/settings/offering', 'offering'],
    ['/admin/unknown', ''],
  ])('%s highlights %s', (pathname, key) => {
    expect(activeNavKey(ADMIN_NAV, pathname)).toBe(key);
  });

  it('works for the client area', () => {
    expect(activeNavKey(CLIENT_NAV, '/client/overview')).toBe('myVehicles');
  });
});
