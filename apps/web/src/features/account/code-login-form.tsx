import { codeLogin } from './api';
import { CodeField, smsCodeProps } from './code-field';
import { FormError, PhoneField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
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
      finish(await codeLogin(phone, code));
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
