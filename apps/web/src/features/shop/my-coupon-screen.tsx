import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../lib/error-text';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { myCouponsQuery, type CouponStatus } from './api';
import { CouponCard, until } from './coupon-card';
import { ymd } from './format';
import base from './buy.module.css';
import styles from './coupons.module.css';

const TABS: { status: CouponStatus; name: string }[] = [
  { status: 'usable', name: '可使用' },
  { status: 'used', name: '已使用' },
  { status: 'expired', name: '已过期' },
];

/** /myCoupon — the learner's coupons: 可使用 (used on /payPage), 已使用, 已过期. */
export default function MyCouponScreen() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<CouponStatus>('usable');
  const { data, isPending, isError, error, refetch } = useQuery(myCouponsQuery(status));

  return (
    <Page title="我的优惠券">
      <div className={base.screen}>
        <div className={styles.tabs} role="tablist" aria-label="优惠券状态">
          {TABS.map((t) => (
            <button key={t.status} type="button" role="tab" className={styles.tab} aria-selected={status === t.status} onClick={() => setStatus(t.status)}>
              {t.name}
            </button>
          ))}
        </div>
        {isPending ? (
          <p className={base.muted}>加载中…</p>
        ) : isError ? (
          <EmptyData message={errorText(error)} buyButton="重试" onBuy={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <EmptyData
            message={status === 'usable' ? '暂无可使用的优惠券' : status === 'used' ? '暂无已使用的优惠券' : '暂无已过期的优惠券'}
            buyButton={status === 'usable' ? '去领券' : false}
            onBuy={() => void navigate('/couponList')}
          />
        ) : (
          <ul className={styles.list} aria-label="我的优惠券" role="tabpanel">
            {data.list.map((c) => (
              <CouponCard key={c.couponUserID} c={c} muted={status !== 'usable'} note={c.usedAt ? `已于 ${ymd(c.usedAt)} 使用` : until(c.expiresAt)} />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
