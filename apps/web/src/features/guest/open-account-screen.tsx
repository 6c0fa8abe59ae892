import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CAMPAIGN_MSG } from '@kaoshi/contract';
import { isLoggedIn } from '../../lib/session';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { saveTrialAnswers, trialAnswers } from './api';
import styles from './guest.module.css';

const BACK_HERE = encodeURIComponent('/openAccount');

type Saving = { phase: 'saving' } | { phase: 'done'; saved: number; left: number } | { phase: 'failed' };

/**
 * /openAccount — a free-try tourist becomes a registered learner, keeping the answers given in the trial centre
 * (public beyond the spec's whitelist, docs/guest-campaign.md). A tourist registers (or logs in) through the account
 * screens, which come back here (redirect=/openAccount); then the answers kept on this device are saved to the account
 * through the practice answer call, each exactly once.
 */
export function OpenAccountScreen() {
  const navigate = useNavigate();
  const loggedIn = isLoggedIn();
  const [kept] = useState(() => trialAnswers());
  const [saving, setSaving] = useState<Saving | null>(loggedIn && kept.length > 0 ? { phase: 'saving' } : null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!loggedIn || kept.length === 0) return;
    let active = true;
    setSaving({ phase: 'saving' });
    saveTrialAnswers().then(
      (r) => active && setSaving({ phase: 'done', ...r }),
      () => active && setSaving({ phase: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [loggedIn, kept.length, attempt]);

  if (loggedIn) {
    const next = getSelectedSubject() ? '/homePage' : '/switchSub';
    let status;
    if (kept.length === 0) status = <p className={styles.text}>账号已开通。选择科目即可开始学习。</p>;
    else if (saving?.phase === 'saving') status = <StateMessage text="正在保存试做记录…" />;
    else if (saving?.phase === 'failed' || (saving?.phase === 'done' && saving.left > 0))
      status = <StateMessage text="部分试做记录暂未保存，请检查网络后重试" onRetry={() => setAttempt((n) => n + 1)} />;
    else status = <p className={styles.text} role="status">{`${CAMPAIGN_MSG.kept}：${saving?.phase === 'done' ? saving.saved : 0} 道题已存入您的账号，可在章节练习中查看。`}</p>;
    return (
      <Page title="开通账号">
        <div className={styles.screen}>
          <section className={styles.hero}>
            <p className={styles.badge}>已登录</p>
            <h2 className={styles.title}>欢迎加入</h2>
            {status}
          </section>
          <button type="button" className={styles.primary} onClick={() => void navigate(next, { replace: true })}>
            {next === '/switchSub' ? '选择考试科目' : '开始学习'}
          </button>
        </div>
      </Page>
    );
  }

  const right = kept.filter((a) => a.right).length;
  return (
    <Page title="开通账号">
      <div className={styles.screen}>
        <section className={styles.hero}>
          <p className={styles.badge}>游客</p>
          <h2 className={styles.title}>注册账号，保存学习记录</h2>
          <p className={styles.muted}>用手机号注册，免费使用试用版。试做过的题目会一起存入账号，换手机登录也能看到。</p>
        </section>
        <section className={styles.card} aria-label="本机试做记录">
          <h3 className={styles.rowTitle}>本机试做记录</h3>
          <p className={styles.text}>{kept.length > 0 ? `已试做 ${kept.length} 道，答对 ${right} 道，注册后自动保存。` : '还没有试做记录，可以先去体验中心做几道题。'}</p>
          {kept.length === 0 ? (
            <button type="button" className={styles.link} onClick={() => void navigate('/Experience')}>
              去体验中心试做
            </button>
          ) : null}
        </section>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => void navigate(`/login?mode=register&redirect=${BACK_HERE}`)}>
            手机号注册
          </button>
          <button type="button" className={styles.secondary} onClick={() => void navigate(`/login?redirect=${BACK_HERE}`)}>
            已有账号，登录
          </button>
        </div>
        <p className={styles.note}>注册即表示同意《用户协议》和《隐私政策》；试做记录只保存在本机，注册前不会上传。</p>
      </div>
    </Page>
  );
}
