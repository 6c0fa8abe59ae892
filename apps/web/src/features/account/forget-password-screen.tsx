import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { checkcode, restorePassword } from '@kaoshi/contract';
import { call } from '../../api/client';
import { hashPassword, passwordProblem } from '../../lib/password';
import { Page } from '../../ui/page';
import { toast } from '../../ui/dialogs';
import { errorText } from '../common/errors';
import { maskPhone } from '../common/format';
import { goBack } from '../common/go-back';
import { CodeField } from './code-field';
import { FormError, PasswordField, PhoneField } from './form-fields';
import { codeProblem, collect, confirmProblem, phoneProblem } from './validate';
import styles from './form.module.css';

type Errors = Partial<Record<'phone' | 'code' | 'password' | 'confirm', string>>;

/**
 * /forgetpwd — step 1: phone and SMS code (op=reset), checked with checkcode; step 2: the new
 * password twice → restorePassword (which ends every session of the account) → /login.
 */
export default function ForgetPasswordScreen() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'verify' | 'reset'>('verify');
  const [v, setV] = useState({ phone: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (key: keyof typeof v) => (value: string) => {
    setV((x) => ({ ...x, [key]: value }));
    setErrors((x) => ({ ...x, [key]: undefined }));
  };

  async function verify(e: FormEvent) {
    e.preventDefault();
    const found = collect({ phone: phoneProblem(v.phone), code: codeProblem(v.code) });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await call(checkcode, { phone: v.phone.trim(), code: v.code.trim(), op: 'reset' }, { silent: true });
      setStep('reset');
    } catch (err) {
      setServerError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    const found = collect({ password: passwordProblem(v.password), confirm: confirmProblem(v.password, v.confirm) });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await call(
        restorePassword,
        { phone: v.phone.trim(), verifyCode: v.code.trim(), password: hashPassword(v.password) },
        { silent: true },
      );
      toast('密码已重置，请使用新密码登录');
      navigate(`/login?account=${encodeURIComponent(v.phone.trim())}`, { replace: true });
    } catch (err) {
      setServerError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <Page title="找回密码" back={() => goBack(navigate, '/login')}>
      <div className={styles.screen}>
        {step === 'verify' ? (
          <form onSubmit={verify} noValidate>
            <p className={styles.hint}>请输入注册时使用的手机号，我们将发送验证码给您。</p>
            <div className={styles.card}>
              <PhoneField value={v.phone} onValue={edit('phone')} error={errors.phone} />
              <CodeField
                phone={v.phone}
                op="reset"
                value={v.code}
                onValue={edit('code')}
                error={errors.code}
                onPhoneProblem={(m) => setErrors((x) => ({ ...x, phone: m }))}
                onSendResult={setServerError}
              />
            </div>
            <FormError message={serverError} />
            <button type="submit" className={styles.primary} disabled={busy}>
              下一步
            </button>
          </form>
        ) : (
          <form onSubmit={reset} noValidate>
            <p className={styles.hint}>为账号 {maskPhone(v.phone.trim())} 设置新密码（6-20位，需同时包含字母和数字）。</p>
            <div className={styles.card}>
              <PasswordField
                label="新密码"
                autoComplete="new-password"
                value={v.password}
                onValue={edit('password')}
                error={errors.password}
              />
              <PasswordField
                label="确认新密码"
                placeholder="请再次输入密码"
                autoComplete="new-password"
                value={v.confirm}
                onValue={edit('confirm')}
                error={errors.confirm}
              />
            </div>
            <FormError message={serverError} />
            <button type="submit" className={styles.primary} disabled={busy}>
              确认修改
            </button>
          </form>
        )}
      </div>
    </Page>
  );
}
