import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG, ERASED_TEXT, type DeletionInfo } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { clearSession } from '../../lib/session';
import { alertMsg, confirm } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { deletionInfoQuery, requestDeletion } from './api';
import { DeletionCode } from './components/deletion-code';
import styles from './account.module.css';

const ERASED = ['手机号与登录账号', '昵称、头像、QQ、学历、职业', '试题笔记、视频笔记、阅读标注', '收货地址、消息、登录设备记录', `讨论与意见反馈的内容（显示为“${ERASED_TEXT}”）`];
const KEPT = ['答题与考试记录：不再关联到任何个人信息，仅用于题目统计', '订单与支付记录：去除收货信息后依法保留，用于财务核算'];

/**
 * /cancelAccount 注销账号: what is erased and what is kept anonymised, what the learner loses, the cooling-off rule,
 * then the SMS code to the bound phone and the confirmation. The request ends every session at once: the learner
 * lands on /login (docs/account-deletion.md).
 */
export function CancelAccountScreen() {
  const q = useQuery(deletionInfoQuery());
  let body;
  if (q.isError && !q.data) body = <StateMessage text={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else if (q.isPending) body = <StateMessage text="加载中…" />;
  else body = <DeletionForm info={q.data} />;
  return (
    <Page title="注销账号">
      <div className={styles.screen}>{body}</div>
    </Page>
  );
}

function DeletionForm({ info }: { info: DeletionInfo }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    if (!/^\d{6}$/.test(code)) return setMessage('请输入6位数字验证码');
    if (!agreed) return setMessage(ACCOUNT_MSG.confirmRequired);
    if (!(await confirm({ title: '确定注销账号吗？', content: `提交后所有设备将立即退出登录，${info.coolingOffDays}天后账号将被永久删除。`, confirmText: '确定注销' }))) return;
    setSending(true);
    try {
      await requestDeletion(code);
    } catch (e) {
      setMessage(errorText(e));
      setSending(false);
      return;
    }
    clearSession();
    queryClient.clear();
    await alertMsg(ACCOUNT_MSG.requested);
    void navigate('/login', { replace: true });
  }

  const losses = [
    info.validVersions > 0 ? `你有 ${info.validVersions} 个仍在有效期内的班次，注销后剩余时长作废，无法恢复或退款。` : null,
    info.openOrders > 0 ? `你有 ${info.openOrders} 笔未完成的订单（待支付或图书未收货），建议处理完再注销。` : null,
  ].filter((x): x is string => x !== null);

  return (
    <>
      <section className={styles.card} aria-labelledby="erased-title">
        <h2 id="erased-title" className={styles.sectionTitle}>
          注销后将删除
        </h2>
        <ul className={styles.bullets}>
          {ERASED.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
        <h2 className={styles.sectionTitle}>匿名保留</h2>
        <ul className={styles.bullets}>
          {KEPT.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      </section>
      {losses.length > 0 ? (
        <section className={styles.warning} aria-label="注销影响">
          {losses.map((x) => (
            <p key={x}>{x}</p>
          ))}
        </section>
      ) : null}
      <section className={styles.card} aria-labelledby="cooling-title">
        <h2 id="cooling-title" className={styles.sectionTitle}>
          {info.coolingOffDays}天冷静期
        </h2>
        <p className={styles.text}>提交申请后，所有设备立即退出登录。{info.coolingOffDays}天内重新登录即可撤销注销；期满后账号及上述数据将被永久删除，无法恢复。</p>
      </section>
      {info.phone ? (
        <>
          <DeletionCode phone={info.phone} value={code} onValue={setCode} onMessage={setMessage} />
          <label className={styles.agree}>
            <input type="checkbox" className={styles.checkbox} checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>我已阅读并同意以上注销须知</span>
          </label>
          {message ? (
            <p className={styles.error} role="alert">
              {message}
            </p>
          ) : null}
          <button type="button" className={styles.dangerButton} disabled={sending} onClick={() => void submit()}>
            申请注销
          </button>
        </>
      ) : (
        <section className={styles.card}>
          <p className={styles.text}>{ACCOUNT_MSG.noPhone}</p>
          <Link className={styles.linkButton} to="/bindphone">
            去绑定手机号
          </Link>
        </section>
      )}
    </>
  );
}
