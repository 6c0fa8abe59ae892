import { useState, type FormEvent } from 'react';
import { freeFegist } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { hashPassword, passwordProblem } from '../../lib/password';
import { errorText } from '../common/errors';
import { AgreementDialog, type AgreementKind } from './agreement';
import { CodeField } from './code-field';
import { FormError, PasswordField, PhoneField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
import { codeProblem, collect, confirmProblem, phoneProblem } from './validate';
import styles from './form.module.css';

type Key = 'phone' | 'code' | 'password' | 'confirm' | 'agree';

/** 注册: phone, SMS code (op=register), password twice and the user agreement → freeFegist, logged in. */
export function RegisterForm({ initialPhone }: { initialPhone: string }) {
  const finish = useFinishLogin();
  const [values, setValues] = useState({ phone: initialPhone, code: '', password: '', confirm: '' });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState<AgreementKind | null>(null);

  const edit = (key: Exclude<Key, 'agree'>) => (v: string) => {
    setValues((x) => ({ ...x, [key]: v }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect<Key>({
      phone: phoneProblem(values.phone),
      code: codeProblem(values.code),
      password: passwordProblem(values.password),
      confirm: confirmProblem(values.password, values.confirm),
      agree: agree ? null : '请先阅读并同意用户协议和隐私政策',
    });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const data = await call(
        freeFegist,
        {
          phone: values.phone.trim(),
          verifyCode: values.code.trim(),
          password: hashPassword(values.password),
          agentCode: currentAgentCode(),
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
        <PhoneField value={values.phone} onValue={edit('phone')} error={errors.phone} />
        <CodeField
          phone={values.phone}
          op="register"
          value={values.code}
          onValue={edit('code')}
          error={errors.code}
          onPhoneProblem={(m) => setErrors((x) => ({ ...x, phone: m }))}
          onSendResult={setServerError}
        />
        <PasswordField
          label="设置密码"
          placeholder="请输入密码"
          autoComplete="new-password"
          value={values.password}
          onValue={edit('password')}
          error={errors.password}
        />
        <PasswordField
          label="确认密码"
          placeholder="请再次输入密码"
          autoComplete="new-password"
          value={values.confirm}
          onValue={edit('confirm')}
          error={errors.confirm}
        />
      </div>
      <p className={styles.hint}>密码为6-20位，需同时包含字母和数字。</p>
      <label className={styles.agree}>
        <input
          type="checkbox"
          checked={agree}
          onChange={(e) => {
            setAgree(e.target.checked);
            setErrors((x) => ({ ...x, agree: undefined }));
          }}
        />
        <span>
          我已阅读并同意
          <button type="button" className={styles.link} onClick={() => setReading('terms')}>
            《用户协议》
          </button>
          和
          <button type="button" className={styles.link} onClick={() => setReading('privacy')}>
            《隐私政策》
          </button>
        </span>
      </label>
      {errors.agree ? <p className={styles.fieldError}>{errors.agree}</p> : null}
      <FormError message={serverError} />
      <button type="submit" className={styles.primary} disabled={busy}>
        注册
      </button>
      {reading ? <AgreementDialog kind={reading} onClose={() => setReading(null)} /> : null}
    </form>
  );
}
