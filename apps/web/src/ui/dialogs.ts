import { MSG, TOAST_MS } from '@kaoshi/contract';
import type { ReactNode } from 'react';

/**
 * Imperative widgets of spec §2 (alert, toast, confirm, loading). They work outside React (the API
 * client uses them) and load on first use, so they stay out of the entry chunk: alert and confirm are the
 * app's one dialog (ui/modal.tsx through ./dialog-imperative), toast and loading antd-mobile's Toast.
 */
const impl = () => import('./dialog-imperative');

/** Shows a simple alert only when the message is a non-empty string (spec §5). */
export async function alertMsg(msg: unknown): Promise<void> {
  if (typeof msg !== 'string' || msg.trim() === '') return;
  const m = await impl();
  await m.alert(msg, MSG.ok);
}

export function toast(msg: string, ms: number = TOAST_MS): void {
  if (!msg) return;
  void impl().then((m) => m.toast(msg, ms));
}

export interface ConfirmOptions {
  title?: string;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** An extra '去购买'-style button; clicking it runs onClick and resolves false. */
  goPay?: { text: string; onClick: () => void };
}

/** The confirm modal: default title '提醒', buttons '确定' and '取消'. Resolves true only on '确定'. */
export async function confirm({ title = MSG.confirmTitle, content, confirmText = MSG.ok, cancelText = MSG.cancel, goPay }: ConfirmOptions): Promise<boolean> {
  const m = await impl();
  const action = await m.confirmDialog({ title, content, confirmText, cancelText, goPay });
  if (action === 'goPay') goPay?.onClick();
  return action === 'confirm';
}

let loadingCount = 0;

/** Shows the loading overlay; nested calls are counted, the overlay hides when all have ended. */
export function showLoading(): void {
  loadingCount += 1;
  if (loadingCount === 1) void impl().then((m) => loadingCount > 0 && m.setLoading(true));
}

export function hideLoading(): void {
  if (loadingCount === 0) return;
  loadingCount -= 1;
  if (loadingCount === 0) void impl().then((m) => loadingCount === 0 && m.setLoading(false));
}
