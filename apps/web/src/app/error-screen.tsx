import { useRouteError } from 'react-router';
import { browser } from '../lib/navigation';
import { ScreenLoadError } from './lazy-reload';

/**
 * The root error boundary: a screen that failed to load even after the one automatic reload, or a
 * screen that crashed. '重试' reloads the page (the tryReload flag stays set, so no reload loop).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const loadFailed = error instanceof ScreenLoadError;
  return (
    <div className="error-screen" role="alert">
      <p className="error-screen__title">{loadFailed ? '页面加载失败' : '页面出错了'}</p>
      <p className="error-screen__hint">{loadFailed ? '请检查网络后重试' : '请稍后重试'}</p>
      <button type="button" className="error-screen__retry" onClick={() => browser.reload()}>
        重试
      </button>
    </div>
  );
}
