import { lazy, Suspense, useState } from 'react';
import type { AgreementKind } from '@kaoshi/contract';
import form from './form.module.css';

/** Loaded on the first tap (markdown rendering stays out of the login screen's bundle). */
const AgreementDialog = lazy(() => import('./agreement-dialog'));

/**
 * 我已阅读并同意《用户协议》和《隐私政策》: the checkbox 注册 and 验证码登录 require (the server records the
 * accepted version, contract AGREEMENT_VERSION), with the two texts one tap away.
 */
export function AgreementCheck({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  const [reading, setReading] = useState<AgreementKind | null>(null);
  return (
    <>
      <label className={form.agree}>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>
          我已阅读并同意
          <button type="button" className={form.link} onClick={() => setReading('terms')}>
            《用户协议》
          </button>
          和
          <button type="button" className={form.link} onClick={() => setReading('privacy')}>
            《隐私政策》
          </button>
        </span>
      </label>
      {error ? <p className={form.fieldError}>{error}</p> : null}
      {reading ? (
        <Suspense fallback={null}>
          <AgreementDialog kind={reading} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
