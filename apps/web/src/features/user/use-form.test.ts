import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@kaoshi/contract';
import { useForm } from './use-form';

const event = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;
const setup = () => renderHook(() => useForm({ phone: '', code: '', agree: false }));

describe('useForm', () => {
  it('binds a text field: the value, and a change that clears only its own error', async () => {
    const { result } = setup();
    await act(() => result.current.submit(() => ({ phone: '请输入手机号', code: '请输入验证码' }), vi.fn())(event()));
    expect(result.current.field('phone')).toMatchObject({ value: '', error: '请输入手机号' });

    act(() => result.current.field('phone').onValue('138'));
    expect(result.current.values.phone).toBe('138');
    expect(result.current.errors.phone).toBeUndefined();
    expect(result.current.errors.code).toBe('请输入验证码');

    act(() => result.current.set('agree', true));
    expect(result.current.values.agree).toBe(true);
    act(() => result.current.setError('phone', '请输入正确的手机号'));
    expect(result.current.field('phone').error).toBe('请输入正确的手机号');
  });

  it('shows what validation finds and does not run the call', async () => {
    const { result } = setup();
    const run = vi.fn();
    const e = event();
    await act(() => result.current.submit(() => ({ phone: '请输入手机号', code: null }), run)(e));
    expect(e.preventDefault).toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ phone: '请输入手机号' });
    expect(result.current.busy).toBe(false);
  });

  it('is busy while the call runs and stays busy after a success (the screen is leaving)', async () => {
    const { result } = setup();
    let finish = () => {};
    const run = () => new Promise<void>((resolve) => (finish = resolve));
    let done!: Promise<void>;
    act(() => {
      done = result.current.submit(() => ({}), run)(event());
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.serverError).toBeNull();
  });

  it('is enabled again after a success with reenable (a next step on the same screen)', async () => {
    const { result } = setup();
    await act(() =>
      result.current.submit(
        () => ({}),
        async () => {},
        { reenable: true },
      )(event()),
    );
    expect(result.current.busy).toBe(false);
  });

  it("shows a failed call's message, enables the form, and clears the message on the next submit", async () => {
    const { result } = setup();
    await act(() =>
      result.current.submit(
        () => ({}),
        () => Promise.reject({ msg: '验证码错误' }),
      )(event()),
    );
    expect(result.current.serverError).toBe('验证码错误');
    expect(result.current.busy).toBe(false);

    await act(() =>
      result.current.submit(
        () => ({}),
        () => Promise.reject(new Error('offline')),
      )(event()),
    );
    expect(result.current.serverError).toBe(MSG.networkError);

    await act(() => result.current.submit(() => ({ phone: '请输入手机号' }), vi.fn())(event()));
    expect(result.current.serverError).toBeNull();
  });

  it('lets a form show a message of its own (a refused SMS send)', () => {
    const { result } = setup();
    act(() => result.current.setServerError('发送过于频繁'));
    expect(result.current.serverError).toBe('发送过于频繁');
  });
});
