import { useState } from 'react';
import { useNavigate } from 'react-router';
import { passwordProblem } from '../../lib/password';
import { checkCode, resetPassword } from './api';
import { Page } from '../../ui/page';
import { toast } from '../../ui/dialogs';
import { maskPhone } from '../../lib/format';
import { goBack } from '../../lib/go-back';
import { CodeField, smsCodeProps } from './code-field';
import { FormError, NewPasswordFields, PhoneField } from './form-fields';
import { useForm } from './use-form';
import { codeProblem, confirmProblem, phoneProblem } from './validate';
import styles from './form.module.css';

/**
 * /forgetpwd — step 1: phone and SMS code (op=reset), checked with checkcode; step 2: the new
 * password twice → restorePassword (which ends every session of the account) → /login.
 */
export default function ForgetPasswordScreen() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const form = useForm({ phone: '', code: '', password: '', confirm: '' });
  const v = form.values;

  const verify = form.submit(
    () => ({ phone: phoneProblem(v.phone), code: codeProblem(v.code) }),
    async () => {
      await checkCode(v.phone, v.code);
      setStep('reset');
    },
    { reenable: true },
  );

  const reset = form.submit(
    () => ({ password: passwordProblem(v.password), confirm: confirmProblem(v.password, v.confirm) }),
    async () => {
      await resetPassword(v.phone, v.code, v.password);
      toast('密码已重置，请使用新密码登录');
      navigate(`/login?account=${encodeURIComponent(v.phone.trim())}`, { replace: true });
    },
  );

  return (
    <Page title="找回密码" back={() => goBack(navigate, '/login')}>
      <div className={styles.screen}>
        {step === 'verify' ? (
          <form onSubmit={verify} noValidate>
            <p className={styles.hint}>请输入注册时使用的手机号，我们将发送验证码给您。</p>
            <div className={styles.card}>
              <PhoneField {...form.field('phone')} />
              <CodeField op="reset" {...smsCodeProps(form)} />
            </div>
            <FormError message={form.serverError} />
            <button type="submit" className={styles.primary} disabled={form.busy}>
              下一步
            </button>
          </form>
        ) : (
          <form onSubmit={reset} noValidate>
            <p className={styles.hint}>为账号 {maskPhone(v.phone.trim())} 设置新密码（6-20位，需同时包含字母和数字）。</p>
            <div className={styles.card}>
              <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
            </div>
            <FormError message={form.serverError} />
            <button type="submit" className={styles.primary} disabled={form.busy}>
              确认修改
            </button>
          </form>
        )}
      </div>
    </Page>
  );
}
