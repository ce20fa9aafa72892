/**
 * The practice site's localStorage, or memory when it is unavailable (Safari private windows of old, storage
 * disabled, a sandboxed frame): the script keeps working for the page's lifetime, it just forgets on leave.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

export function browserStore(win: Window): KeyValueStore {
  const memory = memoryStore();
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
    const probe = '__pp_probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch {
    storage = null;
  }
  if (!storage) return memory;
  const local = storage;
  return {
    get: (key) => {
      try {
        return local.getItem(key);
      } catch {
        return memory.get(key);
      }
    },
    set: (key, value) => {
      try {
        local.setItem(key, value);
      } catch {
        // Quota exceeded or storage revoked: keep it for this page at least.
        memory.set(key, value);
      }
    },
    remove: (key) => {
      try {
        local.removeItem(key);
      } catch {
        memory.remove(key);
      }
    },
  };
}

/** A first-party cookie on the practice's site (the visitor id's second home, for sites that clear storage). */
export function readCookie(doc: Document, name: string): string | null {
  try {
    for (const part of doc.cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name) return decodeURIComponent(rest.join('='));
    }
  } catch {
    // Cookies disabled or a sandboxed document.
  }
  return null;
}

export function writeCookie(doc: Document, name: string, value: string, maxAgeSeconds: number): void {
  try {
    const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
    doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies disabled: localStorage alone.
  }
}
