import { useState } from 'react';
import { CAPTCHA_MSG, SMS, isMobile, type SmsOp } from '@kaoshi/contract';
import { isApiError } from '../../api/errors';
import { newCaptcha, sendCode } from './api';
import { Field } from './form-fields';
import type { Form } from './use-form';
import { useCountdown } from './use-countdown';
import { errorText } from '../../lib/error-text';
import styles from './form.module.css';

export const RESEND_SECONDS = SMS.resendAfterMs / 1000;

interface CodeFieldProps {
  phone: string;
  op: SmsOp;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  /** Called when the phone is not valid, so the form can mark the phone field. */
  onPhoneProblem: (message: string) => void;
  /** Called with the server's message when sending fails, or null when it succeeds. */
  onSendResult: (message: string | null) => void;
}

/** The SMS code input with its '获取验证码' button and the 60-second wait before resending. */
export function CodeField({ phone, op, value, onValue, error, onPhoneProblem, onSendResult }: CodeFieldProps) {
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  // A picture challenge, asked for when many codes left this network lately (docs/accounts.md).
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [answer, setAnswer] = useState('');

  async function loadCaptcha() {
    setAnswer('');
    try {
      setCaptcha(await newCaptcha());
    } catch (err) {
      onSendResult(errorText(err));
    }
  }

  async function send() {
    const trimmed = phone.trim();
    if (!trimmed) return onPhoneProblem('请输入手机号');
    if (!isMobile(trimmed)) return onPhoneProblem('请输入正确的手机号');
    if (captcha && !answer.trim()) return onSendResult(CAPTCHA_MSG.needed);
    setSending(true);
    try {
      const sent = await sendCode(trimmed, op, captcha ? { captchaId: captcha.captchaId, validate: answer.trim() } : undefined);
      setSentOnce(true);
      setCaptcha(null);
      start(sent && sent.resendAfter > 0 ? sent.resendAfter : RESEND_SECONDS);
      onSendResult(null);
    } catch (err) {
      onSendResult(errorText(err));
      // Asked for a challenge (or the one given was used, late or wrong): a new picture.
      if (isApiError(err) && (err.data as { captcha?: boolean } | null)?.captcha) await loadCaptcha();
    } finally {
      setSending(false);
    }
  }

  const label = left > 0 ? `${left}秒后重发` : sentOnce ? '重新获取' : '获取验证码';
  return (
    <>
      {captcha ? (
        <Field
          label="图形验证码"
          placeholder="请输入图中的字符"
          autoComplete="off"
          maxLength={8}
          value={answer}
          onValue={setAnswer}
          aside={
            <button type="button" className={styles.captcha} onClick={() => void loadCaptcha()} aria-label="看不清，换一张">
              <img src={captcha.image} alt="图形验证码" width={110} height={40} />
            </button>
          }
        />
      ) : null}
      <Field
        label="验证码"
        placeholder="请输入验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS.digits}
        value={value}
        onValue={(v) => onValue(v.replace(/\D/g, ''))}
        error={error}
        aside={
          <button type="button" className={styles.codeButton} disabled={sending || left > 0} onClick={send}>
            {label}
          </button>
        }
      />
    </>
  );
}

type SmsForm = Pick<Form<{ phone: string; code: string }>, 'values' | 'field' | 'setError' | 'setServerError'>;

/**
 * CodeField's props for a form with `phone` and `code` fields: a phone that cannot get a code is
 * marked on the phone field, and a refused send shows as the form's message.
 */
export function smsCodeProps(form: SmsForm) {
  return {
    phone: form.values.phone,
    ...form.field('code'),
    onPhoneProblem: (message: string) => form.setError('phone', message),
    onSendResult: form.setServerError,
  };
}
