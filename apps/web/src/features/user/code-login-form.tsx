import { AGREEMENT_MSG } from '@kaoshi/contract';
import { codeLogin } from './api';
import { AgreementCheck } from './agreement';
import { CodeField, smsCodeProps } from './code-field';
import { FormError, PhoneField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
import { useForm } from './use-form';
import { codeProblem, phoneProblem } from './validate';
import styles from './form.module.css';

/** 验证码登录: phone and SMS code. A phone without an account gets one (without a password). */
export function CodeLoginForm({ initialPhone }: { initialPhone: string }) {
  const finish = useFinishLogin();
  const form = useForm({ phone: initialPhone, code: '', agree: false });
  const { phone, code, agree } = form.values;

  const submit = form.submit(
    // A code login may create the account: the same consent as 注册.
    () => ({ phone: phoneProblem(phone), code: codeProblem(code), agree: agree ? null : AGREEMENT_MSG }),
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
      <AgreementCheck checked={agree} onChange={(v) => form.set('agree', v)} error={form.errors.agree} />
      <button type="submit" className={styles.primary} disabled={form.busy}>
        登录
      </button>
    </form>
  );
}
