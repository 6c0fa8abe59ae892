import { fireEvent, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertMsg, confirm, hideLoading, showLoading, toast } from './dialogs';

// The widgets render imperatively (their own React roots), outside act().
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  Toast.clear();
});

describe('confirm modal', () => {
  it("defaults to title '提醒' with '确定' and '取消'; '确定' resolves true", async () => {
    const result = confirm({ content: '确定要退出登录吗？' });
    expect(await screen.findByText('提醒')).toBeTruthy();
    expect(screen.getByText('确定要退出登录吗？')).toBeTruthy();
    expect(screen.getByText('取消')).toBeTruthy();
    fireEvent.click(screen.getByText('确定'));
    await expect(result).resolves.toBe(true);
  });

  it("'取消' resolves false; texts can be changed", async () => {
    const result = confirm({ title: '注意', content: 'x', confirmText: '好的', cancelText: '算了' });
    fireEvent.click(await screen.findByText('算了'));
    await expect(result).resolves.toBe(false);
    expect(screen.queryByText('提醒')).toBeNull();
  });

  it('offers the optional go-pay button, which runs its action and resolves false', async () => {
    const onClick = vi.fn();
    const result = confirm({ content: '开通后可用', goPay: { text: '去购买', onClick } });
    fireEvent.click(await screen.findByText('去购买'));
    await expect(result).resolves.toBe(false);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('one dialog (ui/modal.tsx)', () => {
  it('is modal, named by its title, takes the focus, keeps Tab inside and answers Escape (as 取消)', async () => {
    const result = confirm({ content: '确定要删除吗？' });
    const dialog = await screen.findByRole('dialog', { name: '提醒' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    const [cancel, ok] = screen.getAllByRole('button');
    ok!.focus();
    fireEvent.keyDown(ok!, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
    fireEvent.keyDown(window, { key: 'Escape' });
    await expect(result).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names an alert by its message', async () => {
    const closed = alertMsg('网络不给力');
    expect(await screen.findByRole('dialog', { name: '网络不给力' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await closed;
  });
});

describe('alert, toast and loading', () => {
  it('alerts only string messages (spec §5)', async () => {
    await alertMsg(404);
    await alertMsg({ msg: 'x' });
    await alertMsg('');
    expect(screen.queryByRole('dialog')).toBeNull();
    const closed = alertMsg('没有对应代理商信息');
    expect(await screen.findByText('没有对应代理商信息')).toBeTruthy();
    fireEvent.click(screen.getByText('确定'));
    await expect(closed).resolves.toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a toast', async () => {
    toast('已复制');
    expect(await screen.findByText('已复制')).toBeTruthy();
  });

  it('counts nested loading calls', async () => {
    showLoading();
    showLoading();
    expect(await screen.findByText('加载中…')).toBeTruthy();
    hideLoading();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('加载中…')).toBeTruthy();
    hideLoading();
    await waitFor(() => expect(screen.queryByText('加载中…')).toBeNull(), { timeout: 2000 });
  });
});
