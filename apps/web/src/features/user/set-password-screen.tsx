import { Link, useNavigate, useSearchParams } from 'react-router';
import { setPassword } from './api';
import { useQueryClient } from '@tanstack/react-query';
import { passwordProblem } from '../../lib/password';
import { clearSession } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { safeTargetPath } from '../../lib/safe-path';
import { useUserInfo, userKeys } from '../../entities/user/api';
import { FormError, NewPasswordFields, PasswordField } from './form-fields';
import { useForm } from './use-form';
import { confirmProblem } from './validate';
import { CodePasswordScreen, WeakPasswordScreen } from './password-screens';
import styles from './form.module.css';

/** Under 跳过 on the first password screen. */
export const SKIP_HINT = '可稍后在「设置」中设置密码';

/**
 * /setpassword — change the password (old + new twice) or, for an account created by SMS-code login,
 * set a first one (new twice). `time` is the client's HHmmss, the six characters spec §5 requires.
 * `?weak=1`: replace a weak password right after the login; `?mode=code`: change it by an SMS code instead of the
 * old password (password-screens.tsx, docs/account-security.md).
 */
export default function SetPasswordScreen() {
  const [params] = useSearchParams();
  if (params.get('weak') === '1') return <WeakPasswordScreen />;
  if (params.get('mode') === 'code') return <CodePasswordScreen />;
  return <ChangePasswordScreen />;
}

function ChangePasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: user, isPending, isError, refetch } = useUserInfo();
  const form = useForm({ old: '', password: '', confirm: '' });
  const v = form.values;
  const changing = user?.hasPassword ?? false;

  const afterLogin = params.get('first') === '1';
  const goOn = () => navigate(safeTargetPath(params.get('redirect')) ?? '/homePage', { replace: true });

  const submit = form.submit(
    () => ({
      old: changing && !v.old ? '请输入原密码' : null,
      password: passwordProblem(v.password) ?? (changing && v.old === v.password ? '新密码不能与原密码相同' : null),
      confirm: confirmProblem(v.password, v.confirm),
    }),
    async () => {
      const reply = await setPassword(v.password, changing ? v.old : undefined);
      if (reply.sessionEnded) {
        toast('密码已修改，请重新登录');
        clearSession();
        navigate('/login', { replace: true });
        queryClient.clear();
      } else {
        toast('密码设置成功');
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
        goOn();
      }
    },
  );

  const title = changing ? '修改密码' : '设置密码';
  // Right after a code login (first=1): the password is optional, so back and 跳过 go on to where the
  // learner was going, never back into the login.
  const skippable = afterLogin && !changing;
  return (
    <Page title={isPending ? '密码' : title} back={skippable ? goOn : true}>
      <div className={styles.screen}>
        {isPending ? (
          <p className={styles.hint}>加载中…</p>
        ) : isError ? (
          <>
            <FormError message="账号信息加载失败" />
            <button type="button" className={styles.secondary} onClick={() => void refetch()}>
              重试
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className={styles.hint}>{changing ? '修改密码后，所有设备上的登录都将失效，需要重新登录。' : '您的账号还没有密码，设置后可使用手机号和密码登录。'}</p>
            <div className={styles.card}>
              {changing ? <PasswordField label="原密码" placeholder="请输入原密码" {...form.field('old')} /> : null}
              <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
            </div>
            <p className={styles.hint}>密码为6-20位，需同时包含字母和数字。</p>
            {changing ? (
              <nav className={styles.links}>
                <Link className={styles.link} to="/setpassword?mode=code" replace>
                  忘记原密码？用短信验证码修改
                </Link>
              </nav>
            ) : null}
            <FormError message={form.serverError} />
            <button type="submit" className={styles.primary} disabled={form.busy}>
              确定
            </button>
            {skippable ? (
              <>
                <button type="button" className={styles.secondary} onClick={goOn} disabled={form.busy}>
                  跳过
                </button>
                <p className={styles.hint}>{SKIP_HINT}</p>
              </>
            ) : null}
          </form>
        )}
      </div>
    </Page>
  );
}
