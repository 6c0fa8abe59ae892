import { useEffect, useRef, useState } from 'react';
import { lastSubject } from './api';
import { getSelectedSubject, hasPendingSubject, takePendingSubject, type PendingSubject, type SelectedSubject } from '../../lib/subject';
import { chooseSubject } from '../../entities/subject/choose-subject';

export type HomeSubject = { kind: 'resolving' } | { kind: 'none' } | { kind: 'ready'; subject: SelectedSubject };

/**
 * Which subject the home page shows, in this order:
 * 1. a subject a guest chose before logging in (temporaryAppinfo) → chooseSubject — first, because the
 *    device may still hold an earlier selection (logout keeps SELECTEDAPPNEW);
 * 2. the selected subject (cookie SELECTEDAPPNEW);
 * 3. the learner's last subject on the server (getLastApp) → chooseSubject — this is how
 *    /homePage?fromUrl=mainJS (the change-info check cleared the caches) brings the learner back to
 *    their subject with fresh purchases, on this or a new device;
 * 4. none: the page offers '选择科目'.
 * `generation` re-runs the resolution (fromUrl=mainJS while the page is open).
 */
export function useHomeSubject(generation: number): HomeSubject {
  const [state, setState] = useState<HomeSubject>(() => {
    const s = hasPendingSubject() ? null : getSelectedSubject();
    return s ? { kind: 'ready', subject: s } : { kind: 'resolving' };
  });
  // One resolution per generation, also under StrictMode's double effects.
  const ran = useRef<number | null>(null);

  useEffect(() => {
    if (ran.current === generation) return;
    ran.current = generation;
    const selected = hasPendingSubject() ? null : getSelectedSubject();
    if (selected) {
      setState({ kind: 'ready', subject: selected });
      return;
    }
    setState({ kind: 'resolving' });
    void resolveSubject().then(setState);
  }, [generation]);

  return state;
}

/** The resolution in flight: a second request while one runs (fromUrl=mainJS on arrival, StrictMode) shares it. */
let inflight: Promise<HomeSubject> | null = null;

function resolveSubject(): Promise<HomeSubject> {
  inflight ??= resolveOnce().finally(() => {
    inflight = null;
  });
  return inflight;
}

async function resolveOnce(): Promise<HomeSubject> {
  const pending = takePendingSubject();
  if (pending) return choose(pending);
  const last = await lastSubject();
  if (!last) return { kind: 'none' };
  return choose({ AppID: last.AppID, AppEName: last.AppEName, AppName: last.AppName, CName: last.CName, vn: last.AppVn });
}

async function choose(pick: PendingSubject): Promise<HomeSubject> {
  try {
    const out = await chooseSubject(pick);
    return out.kind === 'chosen' ? { kind: 'ready', subject: out.subject } : { kind: 'none' };
  } catch {
    return { kind: 'none' };
  }
}
