import {
  clearSignInNotice,
  getAccessToken,
  peekSignInNotice,
  setAccessToken,
  setSignInNotice,
  subscribeStorage,
} from './storage';

describe('the access token', () => {
  it('is kept in localStorage under access_token and removed with null', () => {
    setAccessToken('tok-1');
    expect(localStorage.getItem('access_token')).toBe('tok-1');
    expect(getAccessToken()).toBe('tok-1');

    setAccessToken(null);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('reads as absent when storage is unavailable', () => {
    const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(getAccessToken()).toBeNull();
    } finally {
      getItem.mockRestore();
    }
  });
});

describe('subscribeStorage', () => {
  it('hears changes made in this tab and in other tabs until unsubscribed', () => {
    const onChange = jest.fn();
    const unsubscribe = subscribeStorage(onChange);

    setAccessToken('tok-1');
    window.dispatchEvent(new StorageEvent('storage', { key: 'selectedPracticeId' }));
    expect(onChange).toHaveBeenCalledTimes(2);

    unsubscribe();
    setAccessToken(null);
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('the sign-in notice', () => {
  it('is kept in sessionStorage until cleared', () => {
    expect(peekSignInNotice()).toBeNull();

    setSignInNotice('Unauthorized or Forbidden. Please login again.');
    expect(peekSignInNotice()).toBe('Unauthorized or Forbidden. Please login again.');
    expect(peekSignInNotice()).toBe('Unauthorized or Forbidden. Please login again.');
    expect(localStorage.length).toBe(0);

    clearSignInNotice();
    expect(peekSignInNotice()).toBeNull();
  });
});
