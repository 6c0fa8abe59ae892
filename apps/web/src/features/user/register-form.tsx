import { register } from './api';
import { passwordProblem } from '../../lib/password';
import { AGREEMENT_MSG } from '@kaoshi/contract';
import { AgreementCheck } from './agreement';
import { CodeField, smsCodeProps } from './code-field';
import { FormError, PasswordField, PhoneField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
import { useForm } from './use-form';
import { codeProblem, confirmProblem, phoneProblem } from './validate';
import styles from './form.module.css';

/** 注册: phone, SMS code (op=register), password twice and the user agreement → freeFegist, logged in. */
export function RegisterForm({ initialPhone }: { initialPhone: string }) {
  const finish = useFinishLogin();
  const form = useForm({ phone: initialPhone, code: '', password: '', confirm: '', agree: false });
  const { values, errors } = form;

  const submit = form.submit(
    () => ({
      phone: phoneProblem(values.phone),
      code: codeProblem(values.code),
      password: passwordProblem(values.password),
      confirm: confirmProblem(values.password, values.confirm),
      agree: values.agree ? null : AGREEMENT_MSG,
    }),
    async () => {
      finish(await register(values.phone, values.code, values.password));
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.card}>
        <PhoneField {...form.field('phone')} />
        <CodeField op="register" {...smsCodeProps(form)} />
        <PasswordField label="设置密码" placeholder="请输入密码" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="确认密码" placeholder="请再次输入密码" autoComplete="new-password" {...form.field('confirm')} />
      </div>
      <p className={styles.hint}>密码为6-20位，需同时包含字母和数字。</p>
      <AgreementCheck checked={values.agree} onChange={(v) => form.set('agree', v)} error={errors.agree} />
      <FormError message={form.serverError} />
      <button type="submit" className={styles.primary} disabled={form.busy}>
        注册
      </button>
    </form>
  );
}
