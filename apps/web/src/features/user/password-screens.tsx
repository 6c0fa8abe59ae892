import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { passwordProblem } from '../../lib/password';
import { clearSession } from '../../lib/session';
import { maskPhone } from '../../lib/format';
import { confirm, toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { useUserInfo, userKeys } from '../../entities/user/api';
import { changePasswordByCode, changeWeakPassword, endSession } from './api';
import { CodeField } from './code-field';
import { FormError, NewPasswordFields } from './form-fields';
import { loginStepPath, remainingSteps } from './use-finish-login';
import { useForm } from './use-form';
import { codeProblem, confirmProblem } from './validate';
import styles from './form.module.css';

export const WEAK_HINT = '您的密码过于简单（如常见密码、手机号或手机号后6位），账号存在被盗风险。为保护您的学习记录和已购班次，请设置新密码。';

/** Leaves the account on this device (a learner who will not change a weak password, or declines the new agreements). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await endSession();
    clearSession();
    navigate('/login', { replace: true });
    queryClient.clear();
  };
}

/**
 * /setpassword?weak=1 — right after a login that answered weakPassword: the new password twice, no old one
 * (changePasswordweakusers, within 30 minutes of the login); this session stays and the login goes on. The only
 * other way out is 退出登录: every login asks again until the password is changed.
 */
export function WeakPasswordScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signOut = useSignOut();
  const form = useForm({ password: '', confirm: '' });
  const v = form.values;

  const leave = async () => {
    if (await confirm({ content: '不修改密码将退出登录，下次登录时仍会提醒您修改。确定退出吗？' })) await signOut();
  };

  const submit = form.submit(
    () => ({ password: passwordProblem(v.password), confirm: confirmProblem(v.password, v.confirm) }),
    async () => {
      await changeWeakPassword(v.password);
      toast('密码修改成功');
      const { steps, redirect } = remainingSteps(params, 'weak');
      navigate(loginStepPath(steps, redirect), { replace: true });
    },
  );

  return (
    <Page title="修改密码" back={leave}>
      <div className={styles.screen}>
        <form onSubmit={submit} noValidate>
          <p className={styles.warning} role="alert">
            {WEAK_HINT}
          </p>
          <div className={styles.card}>
            <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
          </div>
          <p className={styles.hint}>密码为6-20位，需同时包含字母和数字，不能与手机号相同。</p>
          <FormError message={form.serverError} />
          <button type="submit" className={styles.primary} disabled={form.busy}>
            确定
          </button>
          <button type="button" className={styles.secondary} onClick={leave} disabled={form.busy}>
            退出登录
          </button>
        </form>
      </div>
    </Page>
  );
}

/**
 * /setpassword?mode=code — 忘记原密码: a code sent to the bound phone (op reset) instead of the old password
 * (changePasswordnew); this session stays, the other devices are logged out.
 */
export function CodePasswordScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isPending } = useUserInfo();
  const form = useForm({ code: '', password: '', confirm: '' });
  const v = form.values;
  const phone = user?.phone ?? '';

  const submit = form.submit(
    () => ({ code: codeProblem(v.code), password: passwordProblem(v.password), confirm: confirmProblem(v.password, v.confirm) }),
    async () => {
      await changePasswordByCode(v.code, v.password);
      toast('密码修改成功，其他设备已退出登录');
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      navigate('/settings', { replace: true });
    },
  );

  return (
    <Page title="验证码修改密码" back>
      <div className={styles.screen}>
        {isPending ? (
          <p className={styles.hint}>加载中…</p>
        ) : !phone ? (
          <>
            <p className={styles.hint}>账号未绑定手机号，请先绑定手机号。</p>
            <button type="button" className={styles.primary} onClick={() => navigate('/bindphone')}>
              去绑定
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className={styles.hint}>验证码将发送至 {maskPhone(phone)}，验证后即可设置新密码，无需原密码。修改后，其他设备上的登录将失效。</p>
            <div className={styles.card}>
              <CodeField op="reset" phone={phone} {...form.field('code')} onPhoneProblem={form.setServerError} onSendResult={form.setServerError} />
              <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
            </div>
            <FormError message={form.serverError} />
            <button type="submit" className={styles.primary} disabled={form.busy}>
              确定
            </button>
          </form>
        )}
      </div>
    </Page>
  );
}
