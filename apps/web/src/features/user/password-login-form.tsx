import { passwordLogin } from './api';
import { Field, FormError, PasswordField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
import { useForm } from './use-form';
import { accountProblem } from './validate';
import styles from './form.module.css';

/** 密码登录: phone or account name and password; the password leaves the device only as its MD5. */
export function PasswordLoginForm({ initialAccount }: { initialAccount: string }) {
  const finish = useFinishLogin();
  const form = useForm({ account: initialAccount, password: '' });
  const { account, password } = form.values;

  const submit = form.submit(
    () => ({ account: accountProblem(account), password: password ? null : '请输入密码' }),
    async () => {
      finish(await passwordLogin(account, password));
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.card}>
        <Field label="手机号/账号" placeholder="请输入手机号" autoComplete="username" maxLength={32} {...form.field('account')} />
        <PasswordField label="密码" {...form.field('password')} />
      </div>
      <FormError message={form.serverError} />
      <button type="submit" className={styles.primary} disabled={form.busy}>
        登录
      </button>
    </form>
  );
}
