import { useEffect, useState } from 'react';
import styles from './agreement.module.css';
import form from './form.module.css';

export type AgreementKind = 'terms' | 'privacy';

const TEXTS: Record<AgreementKind, { title: string; paragraphs: string[] }> = {
  terms: {
    title: '用户协议',
    paragraphs: [
      '欢迎使用本应用。注册即表示您同意按照本协议使用我们提供的题库练习、模拟考试、视频课程、直播课堂等学习服务。',
      '您应使用本人真实手机号注册，并妥善保管账号和密码。因您泄露密码造成的损失由您自行承担；发现账号被他人使用时，请及时修改密码并联系客服。',
      '应用内的试题、讲解、视频等内容仅供您个人学习使用，不得复制、转售或公开传播。',
      '付费班次的内容与有效期以购买页面的说明为准。我们会持续更新内容，但不对考试结果作出保证。',
      '如您违反本协议或法律法规，我们可以限制或终止向您提供服务。',
    ],
  },
  privacy: {
    title: '隐私政策',
    paragraphs: [
      '我们收集您的手机号用于注册、登录、找回密码和接收验证码；收集学习记录用于展示进度和错题。',
      '您的密码在发送前已在本机加密处理，服务器只保存再次加密后的结果，任何人都无法看到您的原始密码。',
      '为保障账号安全，我们会记录登录时间和IP地址。我们不会向第三方出售您的个人信息。',
      '您可以在“设置”中修改密码、更换绑定手机或退出登录。',
    ],
  },
};

/** The user agreement or the privacy policy, in a simple modal sheet. */
export function AgreementDialog({ kind, onClose }: { kind: AgreementKind; onClose: () => void }) {
  const text = TEXTS[kind];
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.mask} onClick={onClose}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="agreement-title" onClick={(e) => e.stopPropagation()}>
        <h2 id="agreement-title" className={styles.title}>
          {text.title}
        </h2>
        <div className={styles.body}>
          {text.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        <button type="button" className={styles.close} onClick={onClose}>
          我知道了
        </button>
      </div>
    </div>
  );
}

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
      {reading ? <AgreementDialog kind={reading} onClose={() => setReading(null)} /> : null}
    </>
  );
}
