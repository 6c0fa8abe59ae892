import { useEffect, useState } from 'react';
import { CAPTCHA_MSG } from '@kaoshi/contract';
import { isApiError } from '../../../api/errors';
import { errorText } from '../../../lib/error-text';
import { newCaptcha, sendDeletionCode } from '../api';
import styles from '../account.module.css';

/** Seconds left before another code may be asked for; `start(n)` begins again. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return [left, setLeft];
}

/**
 * The SMS code of the deletion request: sent to the account's own bound phone (shown masked), with the wait before
 * resending and, on a busy network, the picture challenge the server asks for.
 */
export function DeletionCode({ phone, value, onValue, onMessage }: { phone: string; value: string; onValue: (v: string) => void; onMessage: (m: string | null) => void }) {
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [answer, setAnswer] = useState('');

  async function send() {
    if (captcha && !answer.trim()) return onMessage(CAPTCHA_MSG.needed);
    setSending(true);
    try {
      const reply = await sendDeletionCode(captcha ? { captchaId: captcha.captchaId, validate: answer.trim() } : undefined);
      setSent(true);
      setCaptcha(null);
      start(reply.resendAfter);
      onMessage(null);
    } catch (e) {
      onMessage(errorText(e));
      if (isApiError(e) && (e.data as { captcha?: boolean } | null)?.captcha) {
        setAnswer('');
        setCaptcha(await newCaptcha().catch(() => null));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <div className={styles.card}>
      <p className={styles.meta}>验证码将发送至 {phone}</p>
      {captcha ? (
        <label className={styles.field}>
          <span className={styles.label}>图形验证码</span>
          <span className={styles.inputRow}>
            <input className={styles.input} value={answer} onChange={(e) => setAnswer(e.target.value)} placeholder="请输入图中字符" autoComplete="off" />
            <img className={styles.captcha} src={captcha.image} alt="图形验证码" width={100} height={40} />
          </span>
        </label>
      ) : null}
      <label className={styles.field}>
        <span className={styles.label}>短信验证码</span>
        <span className={styles.inputRow}>
          <input
            className={styles.input}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入6位验证码"
            value={value}
            onChange={(e) => onValue(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className={styles.codeButton} disabled={sending || left > 0} onClick={() => void send()}>
            {left > 0 ? `${left}秒后重发` : sent ? '重新获取' : '获取验证码'}
          </button>
        </span>
      </label>
    </div>
  );
}
