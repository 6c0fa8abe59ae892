import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MyGroup } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { versionLabel } from '../../ui/buy-flow';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { myGroupsQuery } from './api';
import { yuan } from './format';
import { leftText } from './group-section';
import { LinkShare } from './share-box';
import { cachedAgentCode, withAc } from '../../lib/ac';
import buttons from '../../ui/buttons.module.css';
import base from './buy.module.css';
import styles from './shop.module.css';

const STATUS: Record<MyGroup['status'], string> = { open: '拼团中', full: '拼团成功', failed: '拼团未成功' };

function note(g: MyGroup): string {
  if (g.status === 'full') return g.orderStatus === 'refunded' ? '已满员，您的款项已退回' : '已开通，去学习吧';
  if (g.status === 'failed') return g.orderStatus === 'refunded' ? '未在时限内成团，款项已原路退回' : '未在时限内成团';
  if (g.orderStatus === 'created') return '待支付：支付后才算入团';
  return `还差${g.size - g.paid}人成团，${leftText(g.expiresAt)}`;
}

/** /mypink — 我的拼团: each group the learner started or joined, its progress, and what happened to their order. */
export default function MyPinkScreen() {
  const navigate = useNavigate();
  const { data, isPending, isError, error, refetch } = useQuery(myGroupsQuery());
  return (
    <Page title="我的拼团">
      <div className={base.screen}>
        {isPending ? (
          <p className={base.muted}>加载中…</p>
        ) : isError ? (
          <EmptyData message={errorText(error)} buyButton="重试" onBuy={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <EmptyData message="您还没有参加拼团" buyButton="去拼团" onBuy={() => void navigate('/buyapp')} />
        ) : (
          <ul className={styles.cards} aria-label="我的拼团">
            {data.list.map((g) => (
              <li key={`${g.groupID}-${g.orderID}`} className={styles.card}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardName}>
                    {g.appName} · {versionLabel(g.vname)}
                  </h2>
                  <span className={styles.deliveryStatus}>{STATUS[g.status]}</span>
                </div>
                <p className={styles.priceLine}>
                  <span className={styles.price}>{yuan(g.price)}</span>
                  <span className={styles.days}>
                    {g.leader ? '我发起的' : '我参加的'} · 已拼 {g.paid}/{g.size}
                  </span>
                </p>
                <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={g.size} aria-valuenow={g.paid} aria-label="拼团进度">
                  <span style={{ width: `${Math.min(100, (g.paid / g.size) * 100)}%` }} />
                </div>
                <p className={styles.hint}>{note(g)}</p>
                {g.status === 'open' && g.orderStatus !== 'created' ? <GroupInvite groupID={g.groupID} appID={g.appID} /> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}

/** 邀请好友参团: the group's link (/buyapp?joinGroup=id&appID=…, in this agent), as a QR code and a link to copy. */
function GroupInvite({ groupID, appID }: { groupID: number; appID: number }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button type="button" className={buttons.secondary} onClick={() => setOpen(true)}>
        邀请好友参团
      </button>
    );
  }
  const link = `${window.location.origin}${withAc(`/buyapp?joinGroup=${groupID}&appID=${appID}`, cachedAgentCode())}`;
  return <LinkShare link={link} label="参团二维码" hint="把链接或二维码发给好友，好友登录后即可参加您的团：" />;
}
