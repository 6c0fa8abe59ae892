import './antd-render';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import type { ReactNode } from 'react';
import type { Action } from 'antd-mobile/es/components/dialog/dialog-action-button';

/**
 * The antd-mobile side of the imperative widgets. Loaded on first use by ./dialogs.ts so that
 * antd-mobile stays out of the entry chunk.
 */

export function alert(content: string): Promise<void> {
  return Dialog.alert({ content, confirmText: '确定' });
}

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

export interface ConfirmSpec {
  title: string;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
  goPay?: { text: string; onClick: () => void };
}

/** Resolves with the key of the action taken: 'confirm', 'cancel', 'goPay', or 'dismiss'. */
export function confirmDialog(spec: ConfirmSpec): Promise<'confirm' | 'cancel' | 'goPay' | 'dismiss'> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (key: 'confirm' | 'cancel' | 'goPay' | 'dismiss') => {
      if (done) return;
      done = true;
      resolve(key);
    };
    const row: Action[] = [
      { key: 'cancel', text: spec.cancelText },
      { key: 'confirm', text: spec.confirmText, bold: true },
    ];
    Dialog.show({
      title: spec.title,
      content: spec.content,
      closeOnAction: true,
      actions: spec.goPay ? [{ key: 'goPay', text: spec.goPay.text, bold: true }, row] : [row],
      onAction: (action) => finish(action.key as 'confirm' | 'cancel' | 'goPay'),
      onClose: () => finish('dismiss'),
    });
  });
}

export interface DialogSpec {
  title: ReactNode;
  content: ReactNode;
  onClose: () => void;
}

export function showDialog(spec: DialogSpec): { close: () => void } {
  return Dialog.show({ title: spec.title, content: spec.content, closeOnMaskClick: true, onClose: spec.onClose });
}
