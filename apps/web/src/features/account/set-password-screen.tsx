import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { changePassword } from '@kaoshi/contract';
import { call } from '../../api/client';
import { hashPassword, passwordProblem } from '../../lib/password';
import { clearSession, getGuid } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { errorText } from '../common/errors';
import { hhmmss } from '../common/format';
import { useUserInfo } from '../common/user-info';
import { FormError, PasswordField } from './form-fields';
import { collect, confirmProblem } from './validate';
import form from './form.module.css';

type Key = 'old' | 'password' | 'confirm';

/**
 * /setpassword — change the password (old + new twice) or, for an account created by SMS-code login,
 * set a first one (new twice). `time` is the client's HHmmss, the six characters spec §5 requires.
 */
export default function SetPasswordScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending, isError, refetch } = useUserInfo();
  const [v, setV] = useState({ old: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changing = user?.hasPassword ?? false;

  const edit = (key: Key) => (value: string) => {
    setV((x) => ({ ...x, [key]: value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect<Key>({
      old: changing && !v.old ? '请输入原密码' : null,
      password: passwordProblem(v.password) ?? (changing && v.old === v.password ? '新密码不能与原密码相同' : null),
      confirm: confirmProblem(v.password, v.confirm),
    });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const reply = await call(
        changePassword,
        {
          guid: getGuid() ?? '',
          ...(changing ? { oldPassword: hashPassword(v.old) } : {}),
          password: hashPassword(v.password),
          time: hhmmss(),
        },
        { silent: true },
      );
      if (reply.sessionEnded) {
        toast('密码已修改，请重新登录');
        clearSession();
        navigate('/login', { replace: true });
        queryClient.clear();
      } else {
        toast('密码设置成功');
        await queryClient.invalidateQueries({ queryKey: ['user'] });
        navigate('/homePage', { replace: true });
      }
    } catch (err) {
      setServerError(errorText(err));
      setBusy(false);
    }
  }

  const title = changing ? '修改密码' : '设置密码';
  return (
    <Page title={isPending ? '密码' : title} back>
      <div className={form.screen}>
        {isPending ? (
          <p className={form.hint}>加载中…</p>
        ) : isError ? (
          <>
            <FormError message="账号信息加载失败" />
            <button type="button" className={form.secondary} onClick={() => void refetch()}>
              重试
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className={form.hint}>
              {changing ? '修改密码后，所有设备上的登录都将失效，需要重新登录。' : '您的账号还没有密码，设置后可使用手机号和密码登录。'}
            </p>
            <div className={form.card}>
              {changing ? (
                <PasswordField label="原密码" placeholder="请输入原密码" value={v.old} onValue={edit('old')} error={errors.old} />
              ) : null}
              <PasswordField
                label="新密码"
                autoComplete="new-password"
                value={v.password}
                onValue={edit('password')}
                error={errors.password}
              />
              <PasswordField
                label="确认新密码"
                placeholder="请再次输入密码"
                autoComplete="new-password"
                value={v.confirm}
                onValue={edit('confirm')}
                error={errors.confirm}
              />
            </div>
            <p className={form.hint}>密码为6-20位，需同时包含字母和数字。</p>
            <FormError message={serverError} />
            <button type="submit" className={form.primary} disabled={busy}>
              确定
            </button>
          </form>
        )}
      </div>
    </Page>
  );
}
