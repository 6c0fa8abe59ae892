import { useState, type FormEvent } from 'react';
import { codelogin } from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { clientKind } from '../../lib/client-kind';
import { errorText } from '../common/errors';
import { CodeField } from './code-field';
import { FormError, PhoneField } from './form-fields';
import { useFinishLogin } from './use-finish-login';
import { codeProblem, collect, phoneProblem } from './validate';
import styles from './form.module.css';

type Errors = { phone?: string; code?: string };

/** 验证码登录: phone and SMS code. A phone without an account gets one (without a password). */
export function CodeLoginForm({ initialPhone }: { initialPhone: string }) {
  const finish = useFinishLogin();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect({ phone: phoneProblem(phone), code: codeProblem(code) });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const data = await call(
        codelogin,
        {
          userName: phone.trim(),
          verifyCode: code.trim(),
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
        <PhoneField
          value={phone}
          onValue={(v) => {
            setPhone(v);
            setErrors((x) => ({ ...x, phone: undefined }));
          }}
          error={errors.phone}
        />
        <CodeField
          phone={phone}
          op="login"
          value={code}
          onValue={(v) => {
            setCode(v);
            setErrors((x) => ({ ...x, code: undefined }));
          }}
          error={errors.code}
          onPhoneProblem={(m) => setErrors((x) => ({ ...x, phone: m }))}
          onSendResult={setServerError}
        />
      </div>
      <FormError message={serverError} />
      <p className={styles.hint}>未注册的手机号验证后将自动创建账号，登录后可设置密码。</p>
      <button type="submit" className={styles.primary} disabled={busy}>
        登录
      </button>
    </form>
  );
}
