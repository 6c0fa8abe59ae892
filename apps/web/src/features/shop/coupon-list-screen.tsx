import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { toast } from '../../ui/dialogs';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { buyKeys, claimableQuery, claimCoupon } from './api';
import { CouponCard } from './coupon-card';
import { ymd } from './format';
import base from './buy.module.css';
import styles from './coupons.module.css';

/** /couponList — the coupons the learner's agent offers now: 领取 (once each), 已领取, 已抢光; and a way to 我的优惠券. */
export default function CouponListScreen() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery(claimableQuery());
  const [busy, setBusy] = useState<number | null>(null);

  async function claim(id: number) {
    setBusy(id);
    try {
      await claimCoupon(id);
      toast('领取成功');
    } catch (err) {
      toast(errorText(err));
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: buyKeys.all() });
    }
  }

  return (
    <Page
      title="领券中心"
      right={
        <Link className="ks-nav__action" to="/myCoupon">
          我的优惠券
        </Link>
      }
    >
      <div className={base.screen}>
        {isPending ? (
          <p className={base.muted}>加载中…</p>
        ) : isError ? (
          <EmptyData message={errorText(error)} buyButton="重试" onBuy={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <EmptyData message="暂无可领取的优惠券" />
        ) : (
          <ul className={styles.list} aria-label="可领取的优惠券">
            {data.list.map((c) => (
              <CouponCard
                key={c.couponID}
                c={c}
                note={`领取后 ${c.validDays} 天内有效，${ymd(c.claimUntil)} 前可领`}
                muted={c.soldOut && !c.claimed}
                action={
                  <button type="button" className={buttons.primary} disabled={c.claimed || c.soldOut || busy === c.couponID} onClick={() => void claim(c.couponID)}>
                    {c.claimed ? '已领取' : c.soldOut ? '已抢光' : '领取'}
                  </button>
                }
              />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
