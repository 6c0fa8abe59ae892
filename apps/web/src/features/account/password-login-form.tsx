import { useState, type FormEvent } from 'react';
import { userlogin } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { hashPassword } from '../../lib/password';
import { errorText } from '../common/errors';
import { Field, FormError, PasswordField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
import { accountProblem, collect } from './validate';
import styles from './form.module.css';

/** 密码登录: phone or account name and password; the password leaves the device only as its MD5. */
export function PasswordLoginForm({ initialAccount }: { initialAccount: string }) {
  const finish = useFinishLogin();
  const [account, setAccount] = useState(initialAccount);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect({ account: accountProblem(account), password: password ? null : '请输入密码' });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const data = await call(
        userlogin,
        {
          username: account.trim(),
          password: hashPassword(password),
          agentCode: currentAgentCode(),
          timestamp: Date.now(),
          clientType: clientKind(),
          userAgent: navigator.userAgent.slice(0, 512),
        },
        { silent: true },
      );
      finish(data);
    } catch (err) {
      setServerError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.card}>
        <Field
          label="手机号/账号"
          placeholder="请输入手机号"
          autoComplete="username"
          maxLength={32}
          value={account}
          onValue={(v) => {
            setAccount(v);
            setErrors((x) => ({ ...x, account: undefined }));
          }}
          error={errors.account}
        />
        <PasswordField
          label="密码"
          value={password}
          onValue={(v) => {
            setPassword(v);
            setErrors((x) => ({ ...x, password: undefined }));
          }}
          error={errors.password}
        />
      </div>
      <FormError message={serverError} />
      <button type="submit" className={styles.primary} disabled={busy}>
        登录
      </button>
    </form>
  );
}
