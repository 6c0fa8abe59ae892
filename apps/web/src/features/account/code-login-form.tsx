import { codelogin } from '@kaoshi/contract';
import { call } from '../../api/client';
import { CodeField, smsCodeProps } from './code-field';
import { FormError, PhoneField } from './form-fields';
import { loginOrigin, useFinishLogin } from './use-finish-login';
import { useForm } from './use-form';
import { codeProblem, phoneProblem } from './validate';
import styles from './form.module.css';

/** 验证码登录: phone and SMS code. A phone without an account gets one (without a password). */
export function CodeLoginForm({ initialPhone }: { initialPhone: string }) {
  const finish = useFinishLogin();
  const form = useForm({ phone: initialPhone, code: '' });
  const { phone, code } = form.values;

  const submit = form.submit(
    () => ({ phone: phoneProblem(phone), code: codeProblem(code) }),
    async () => {
      const params = { userName: phone.trim(), verifyCode: code.trim(), ...loginOrigin() };
      finish(await call(codelogin, params, { silent: true }));
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.card}>
        <PhoneField {...form.field('phone')} />
        <CodeField op="login" {...smsCodeProps(form)} />
      </div>
      <FormError message={form.serverError} />
      <p className={styles.hint}>未注册的手机号验证后将自动创建账号，登录后可设置密码。</p>
      <button type="submit" className={styles.primary} disabled={form.busy}>
        登录
      </button>
    </form>
  );
}
