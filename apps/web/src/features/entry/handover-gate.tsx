import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Status } from '@kaoshi/contract';
import { isApiError, isCancelled } from '../../api/client';
import { errorText } from '../../lib/error-text';
import type { Parsed } from './gateway-params';
import { HandoverError, HandoverLoading } from './handover-view';

type State = { phase: 'loading' } | { phase: 'error'; message: string; retry: boolean };

/** Ends the hand-over with a message (no retry: trying again would not help). */
export type Stop = (message: string) => void;

interface HandoverGateProps<P, R> {
  /** The heading over a message that ends the hand-over. */
  title: string;
  /** What the loading state says (HandoverLoading's own text when absent). */
  loadingText?: string;
  /** Checks the query parameters; a bad one ends the hand-over with its message. */
  parse: (params: URLSearchParams) => Parsed<P>;
  /** Asks the server (a `quiet` call: the gate shows its own errors). */
  load: (params: P) => Promise<R>;
  /** Stores what the server answered and goes on, or stops. */
  onLoaded: (result: R, params: P, stop: Stop) => void;
  /** Statuses of a refused call with a meaning of their own; any other failure shows with 重试. */
  onStatus?: Partial<Record<number, (stop: Stop) => void>>;
}

/**
 * An entry gateway that checks its query parameters, asks the server, then goes on. Maintenance
 * goes to /maintain; a failure shows what went wrong with 重试 (when it may help) and 返回首页.
 */
export function HandoverGate<P, R>({ title, loadingText, parse, load, onLoaded, onStatus = {} }: HandoverGateProps<P, R>) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const query = params.toString();

  const start = useEffectEvent((query: string, isActive: () => boolean) => {
    const stop: Stop = (message) => setState({ phase: 'error', message, retry: false });
    const parsed = parse(new URLSearchParams(query));
    if (!parsed.ok) return stop(parsed.message);
    setState({ phase: 'loading' });
    load(parsed.value).then(
      (result) => {
        if (isActive()) onLoaded(result, parsed.value, stop);
      },
      (err: unknown) => {
        if (!isActive() || isCancelled(err)) return;
        const special = isApiError(err) ? onStatus[err.status] : undefined;
        if (special) special(stop);
        else if (isApiError(err) && err.status === Status.MAINTENANCE) navigate('/maintain', { replace: true });
        else setState({ phase: 'error', message: errorText(err), retry: true });
      },
    );
  });

  useEffect(() => {
    let active = true;
    start(query, () => active);
    return () => {
      active = false;
    };
  }, [query, attempt]);

  if (state.phase === 'loading') return <HandoverLoading text={loadingText} />;
  return (
    <HandoverError
      title={title}
      message={state.message}
      actions={[
        ...(state.retry ? [{ label: '重试', onClick: () => setAttempt((n) => n + 1) }] : []),
        { label: '返回首页', onClick: () => navigate('/', { replace: true }), primary: !state.retry },
      ]}
    />
  );
}
