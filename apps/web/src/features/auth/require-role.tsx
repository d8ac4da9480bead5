// Guards a signed-in area (SPEC §4): a loading screen while the session is checked (lib/auth/check-session.ts),
// then the area, /login (with the origin and the reason) or /not-authorized (with the origin and the
// required roles). It checks again on every navigation and whenever the stored token changes (a refresh,
// or a sign-out in another tab), without hiding the area again once it was shown.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '@garage/shared/constants';
import { checkSession } from '../../lib/auth/check-session.ts';
import { justSignedOut, logout } from '../../lib/auth/session.ts';
import { getAccessToken, subscribeSession } from '../../lib/auth/token-store.ts';
import type { LoginState, NotAuthorizedState } from './navigation-state.ts';
import { VerifyingScreen } from './verifying-screen.tsx';

export function RequireRole({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSyncExternalStore(subscribeSession, getAccessToken, () => null);
  const [allowed, setAllowed] = useState(false);
  const origin = `${location.pathname}${location.search}${location.hash}`;
  const rolesKey = roles?.join(',') ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: roles is compared by value (rolesKey): callers pass a new array literal on every render.
  useEffect(() => {
    let current = true;
    void checkSession(roles).then((outcome) => {
      if (!current) return;
      if (outcome.kind === 'allowed') return setAllowed(true);
      setAllowed(false);
      if (outcome.kind === 'not-authorized') {
        const state: NotAuthorizedState = { from: origin, requiredRoles: roles };
        return navigate('/not-authorized', { replace: true, state });
      }
      if (outcome.problem === 'noToken' && justSignedOut()) return navigate('/login', { replace: true });
      const state: LoginState = { from: origin, problem: outcome.problem };
      navigate('/login', { replace: true, state });
      // After leaving: logging out clears the token, which would re-run this check with another reason.
      if (outcome.logout) void logout();
    });
    return () => {
      current = false;
    };
  }, [origin, token, rolesKey, navigate]);

  return allowed ? children : <VerifyingScreen />;
}
