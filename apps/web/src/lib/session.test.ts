import { describe, expect, it } from 'vitest';
import { clearSession, forgetAccount, getGuid, getUserName, isLoggedIn, recentAccounts, rememberAccount, renameAccount, saveLogin } from './session';

const login = (userName: string, userID = 1) => saveLogin({ guid: `guid-${userName}-0123456789`, userID, userName });

describe('session', () => {
  it('stores guid, userID and username at login', () => {
    expect(isLoggedIn()).toBe(false);
    login('13800000000', 7);
    expect(getGuid()).toBe('guid-13800000000-0123456789');
    expect(localStorage.getItem('userID')).toBe('7');
    expect(localStorage.getItem('username')).toBe('13800000000');
    expect(isLoggedIn()).toBe(true);
  });

  it('clears the session and the learner-bound caches, keeping the recent accounts and the subject', () => {
    login('13800000000');
    localStorage.setItem('vipinfo', '{}');
    document.cookie = 'SELECTEDAPPNEW=x; path=/';
    clearSession();
    expect(getGuid()).toBeNull();
    expect(localStorage.getItem('vipinfo')).toBeNull();
    expect(recentAccounts()).toEqual(['13800000000']);
    expect(document.cookie).toContain('SELECTEDAPPNEW=x');
  });

  it('renames the signed-in account in place when its user name follows a newly bound phone', () => {
    login('13800000001');
    login('13800000000');
    renameAccount('13800000000', '13900000009');
    expect(getUserName()).toBe('13900000009');
    expect(recentAccounts()).toEqual(['13900000009', '13800000001']);
    renameAccount('13900000009', '13900000009');
    expect(recentAccounts()).toEqual(['13900000009', '13800000001']);
  });

  it('keeps at most five recent accounts, most recent first, without duplicates', () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) rememberAccount(name);
    rememberAccount('c');
    expect(recentAccounts()).toEqual(['c', 'f', 'e', 'd', 'b']);
    forgetAccount('f');
    expect(recentAccounts()).toEqual(['c', 'e', 'd', 'b']);
  });

  it('ignores a damaged recent-accounts list', () => {
    localStorage.setItem('recentAccounts', '{"x":1}');
    expect(recentAccounts()).toEqual([]);
    localStorage.setItem('recentAccounts', '["a", 3, ""]');
    expect(recentAccounts()).toEqual(['a']);
  });
});
