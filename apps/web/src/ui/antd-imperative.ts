import './antd-render';
import Toast from 'antd-mobile/es/components/toast';

/**
 * The antd-mobile side of the imperative widgets (toast and the loading toast; dialogs are ui/modal.tsx's, through
 * ./dialog-imperative). Loaded on first use by ./dialogs.ts so that antd-mobile stays out of the entry chunk.
 */

export function toast(content: string, duration: number): void {
  Toast.show({ content, duration });
}

let loadingHandler: { close: () => void } | null = null;

export function setLoading(on: boolean): void {
  if (on && !loadingHandler) {
    loadingHandler = Toast.show({ icon: 'loading', content: '加载中…', duration: 0, maskClickable: false });
  } else if (!on && loadingHandler) {
    loadingHandler.close();
    loadingHandler = null;
  }
}
