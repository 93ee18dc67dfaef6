import { describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '#test/render';
import { clearSession, readSession, saveSession } from './session-storage';
import { signOut } from './sign-out';

const STORAGE_KEY = 'campaign-console.session';

describe('session storage', () => {
  it('keeps the key in sessionStorage by default, not on the device', () => {
    saveSession({ apiKey: 'cck_a', baseUrl: null, remember: false });

    expect(window.sessionStorage.getItem(STORAGE_KEY)).toContain('cck_a');
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(readSession()).toEqual({ apiKey: 'cck_a', baseUrl: null, remembered: false });
  });

  it('keeps the key in localStorage only when remembered on this device', () => {
    saveSession({ apiKey: 'cck_a', baseUrl: null, remember: false });
    saveSession({ apiKey: 'cck_b', baseUrl: 'https://api.example.com/2026-07', remember: true });

    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEY)).toContain('cck_b');
    expect(readSession()).toEqual({
      apiKey: 'cck_b',
      baseUrl: 'https://api.example.com/2026-07',
      remembered: true,
    });
  });

  it('switching back from remembered removes the key from the device', () => {
    saveSession({ apiKey: 'cck_b', baseUrl: null, remember: true });
    saveSession({ apiKey: 'cck_c', baseUrl: null, remember: false });

    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(readSession()?.apiKey).toBe('cck_c');
  });

  it('ignores and removes a stored value it cannot read', () => {
    window.sessionStorage.setItem(STORAGE_KEY, '{"apiKey": 42');

    expect(readSession()).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('clearSession forgets the key in both storages', () => {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ apiKey: 'cck_a', baseUrl: null }));
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ apiKey: 'cck_b', baseUrl: null }));

    clearSession();

    expect(readSession()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('sign out clears the stored key and the query cache, and returns to the key screen', async () => {
    saveSession({ apiKey: 'cck_b', baseUrl: null, remember: true });
    const queryClient = testQueryClient();
    queryClient.setQueryData(['brand', 'b1', 'campaigns'], [{ id: 'c1' }]);
    const navigate = vi.fn(() => {
      // The key is gone before the key screen's loader runs.
      expect(readSession()).toBeNull();
      return Promise.resolve();
    });

    await signOut({ queryClient, navigate });

    expect(navigate).toHaveBeenCalledWith('/sign-in', { replace: true });
    expect(readSession()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
