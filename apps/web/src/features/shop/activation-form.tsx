import { useState, type FormEvent } from 'react';
import type { VipAppRecord } from '@kaoshi/contract';
import { redeemCode } from './api';
import buttons from '../../ui/buttons.module.css';
import { errorText } from '../../lib/error-text';
import styles from './buy.module.css';

/**
 * '激活码开通': redeems a code for the current subject (useCode). The server's refusals ('激活码不存在',
 * '激活码已被使用', '激活码已过期', '该激活码不适用于当前科目', '尝试次数过多，请稍后再试' …) are shown
 * under the field; the call is silent so nothing else pops up.
 */
export function ActivationForm({ appID, onDone }: { appID: number; onDone: (granted: VipAppRecord) => Promise<void> | void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!value) {
      setError('请输入激活码');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const granted = await redeemCode(appID, value);
      await onDone(granted);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="code-title">
      <h2 id="code-title" className={styles.sectionTitle}>
        激活码开通
      </h2>
      <label className={styles.codeField}>
        <span className="ks-visually-hidden">激活码</span>
        <input
          className={styles.codeInput}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError('');
          }}
          placeholder="请输入激活码"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'code-error' : undefined}
        />
      </label>
      {error ? (
        <p id="code-error" className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={`${buttons.primary} ${styles.submit}`} disabled={busy}>
        {busy ? '激活中…' : '立即激活'}
      </button>
    </form>
  );
}
