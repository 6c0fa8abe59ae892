import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@kaoshi/contract';
import { chooseSubject } from '../../entities/subject/choose-subject';
import { errorText } from '../../lib/error-text';
import { clearHomeIndex, getSelectedSubject } from '../../lib/subject';
import { versionLabel } from '../../ui/buy-flow';
import buttons from '../../ui/buttons.module.css';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { orderQuery } from './api';
import { goToPay } from './pay-flow';
import { yuan } from './format';
import { ShareBox } from './share-box';
import base from './buy.module.css';
import styles from './shop.module.css';

/** How often the order is asked while the payment is awaited, and for how long. */
export const POLL_MS = 1500;
export const WAIT_MS = 5 * 60_000;

/** The payment has come to something (the server's paymentState: docs/shop.md, "Payment state"). */
const settled = (o: OrderView | undefined) => o !== undefined && o.paymentState !== 'unpaid';

/**
 * /buyCallback?orderID — where the provider sends the learner back. Asks the order every 1.5 s until the payment
 * arrives (up to 5 minutes, then 刷新), and shows the paymentState the server worked out: 支付成功 refreshes the subject's purchases (the module opens at once) and
 * offers 开始学习, with the order's receipt (查看收据) and the order list (我的订单); a closed order is explained with
 * 重新购买; an unpaid one offers 去支付 again.
 */
export default function BuyCallbackScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const orderID = params.get('orderID') ?? '';
  const [since, setSince] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const order = useQuery({
    ...orderQuery(orderID),
    enabled: orderID !== '',
    refetchInterval: (q) => (settled(q.state.data) || gaveUp ? false : POLL_MS),
  });
  const o = order.data;

  useEffect(() => {
    if (settled(o) || gaveUp) return;
    const t = setTimeout(() => setGaveUp(true), Math.max(0, since + WAIT_MS - Date.now()));
    return () => clearTimeout(t);
  }, [o, gaveUp, since]);

  // Once paid: the purchases of this subject are fetched again, so the module opens on this device at once.
  const refreshed = useRef(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (o?.paymentState !== 'paid' || refreshed.current) return;
    refreshed.current = true;
    clearHomeIndex();
    const s = getSelectedSubject();
    const again = s && s.AppID === o.appID ? chooseSubject({ AppID: s.AppID, AppEName: s.AppEName, AppName: s.AppName, CName: s.AppCName, vn: s.AppVn }) : Promise.resolve();
    void again.finally(() => {
      void queryClient.invalidateQueries();
      setReady(true);
    });
  }, [o, queryClient]);

  if (!orderID) {
    return (
      <Page title="支付结果">
        <EmptyData message="订单不存在" buyButton="返回班次列表" onBuy={() => void navigate('/buyapp', { replace: true })} />
      </Page>
    );
  }
  if (!o) {
    return (
      <Page title="支付结果">
        {order.isError ? <EmptyData message={errorText(order.error)} buyButton="重试" onBuy={() => void order.refetch()} /> : <p className={base.muted}>正在查询订单…</p>}
      </Page>
    );
  }

  const what = `${o.appName} · ${versionLabel(o.vname)} · ${yuan(o.amount)}`;
  return (
    <Page title="支付结果">
      <div className={styles.result} aria-live="polite">
        {o.paymentState === 'awaitingGroup' ? (
          <>
            <ResultIcon kind="ok" />
            <h2 className={styles.resultTitle}>支付成功，等待成团</h2>
            <p className={base.note}>{what}。人数凑齐后自动开通；未在时限内成团将原路退款。</p>
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} onClick={() => void navigate('/mypink', { replace: true })}>
                查看我的拼团
              </button>
            </div>
            <OrderLinks orderID={o.orderID} />
          </>
        ) : o.paymentState === 'paid' ? (
          <>
            <ResultIcon kind="ok" />
            <h2 className={styles.resultTitle}>支付成功</h2>
            <p className={base.note}>{what}，已为您开通。</p>
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} disabled={!ready} onClick={() => void navigate('/homePage', { replace: true })}>
                {ready ? '开始学习' : '正在开通…'}
              </button>
            </div>
            <OrderLinks orderID={o.orderID} />
          </>
        ) : o.paymentState === 'unpaid' ? (
          <>
            <ResultIcon kind="wait" />
            <h2 className={styles.resultTitle}>{gaveUp ? '仍未收到支付结果' : '正在确认支付结果…'}</h2>
            <p className={base.note}>{what}</p>
            <p className={base.note}>{gaveUp ? '如果您已付款，请稍后刷新；款项到账后会自动开通。' : '付款完成后将自动开通，请勿重复付款。'}</p>
            <div className={styles.actions}>
              {o.payUrl ? (
                <button type="button" className={buttons.primary} onClick={() => goToPay(o, navigate)}>
                  去支付
                </button>
              ) : null}
              {o.payUrl ? <ShareBox orderID={o.orderID} /> : null}
              <button
                type="button"
                className={buttons.secondary}
                onClick={() => {
                  setGaveUp(false);
                  setSince(Date.now());
                  void order.refetch();
                }}
              >
                刷新
              </button>
            </div>
          </>
        ) : (
          <>
            <ResultIcon kind="closed" />
            <h2 className={styles.resultTitle}>{o.paymentState === 'refunded' ? '订单已退款' : '订单已关闭'}</h2>
            <p className={base.note}>{o.paymentState === 'refunded' ? `${what}，款项已原路退回。` : `${what}，超时未支付，订单已关闭。`}</p>
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} onClick={() => void navigate(`/buyapp?posSlide=${encodeURIComponent(o.vn)}`, { replace: true })}>
                重新购买
              </button>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}

/** A paid order's receipt (/receiptDetail, printable) and the learner's orders (/memberCenter). */
function OrderLinks({ orderID }: { orderID: string }) {
  return (
    <nav className={styles.resultLinks} aria-label="订单">
      <Link to={`/receiptDetail?orderID=${encodeURIComponent(orderID)}`}>查看收据</Link>
      <Link to="/memberCenter">我的订单</Link>
    </nav>
  );
}

function ResultIcon({ kind }: { kind: 'ok' | 'wait' | 'closed' }) {
  const cls = kind === 'ok' ? styles.ok : kind === 'wait' ? styles.wait : styles.closed;
  return (
    <svg className={`${styles.resultIcon} ${cls}`} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="4" />
      {kind === 'ok' ? <path d="M19 33 L28 42 L46 23" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" /> : null}
      {kind === 'wait' ? <path d="M32 16 V33 L42 39" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" /> : null}
      {kind === 'closed' ? <path d="M22 22 L42 42 M42 22 L22 42" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" /> : null}
    </svg>
  );
}
