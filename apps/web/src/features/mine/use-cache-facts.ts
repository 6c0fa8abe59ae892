import { useCallback, useEffect, useState } from 'react';
import { cacheFacts, type CacheFacts } from './device-cache';

/** The device's cache facts (features/mine/device-cache.ts), read on mount and again on `refresh()`; null while reading. */
export function useCacheFacts(): { facts: CacheFacts | null; refresh: () => Promise<void> } {
  const [facts, setFacts] = useState<CacheFacts | null>(null);
  const refresh = useCallback(async () => {
    setFacts(await cacheFacts());
  }, []);
  useEffect(() => {
    let live = true;
    void cacheFacts().then((f) => {
      if (live) setFacts(f);
    });
    return () => {
      live = false;
    };
  }, []);
  return { facts, refresh };
}
