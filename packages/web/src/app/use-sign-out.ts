import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../api/auth.ts';

/** Sign-out clears the session and cached data, then returns to sign-in (docs/product/identities-and-sign-in.md#sign-in). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await signOut();
    queryClient.clear();
    await navigate('/login?message=logged_out', { replace: true });
  }, [navigate, queryClient]);
}
