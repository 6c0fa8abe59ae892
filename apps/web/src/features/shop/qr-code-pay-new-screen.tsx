import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toCanvas } from 'qrcode';
import { clientKind } from '../../lib/client-kind';
import { errorText } from '../../lib/error-text';
import { versionLabel } from '../../ui/buy-flow';
import buttons from '../../ui/buttons.module.css';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { payPageUrl, sharedOrderQuery } from './api';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

/**
 * /qRcodePayNew?orderID&token — paying someone else's order through its shared link (open to guests: spec §2's
 * whitelist): what it is, for whom (masked), how much, the time left; 去支付 (or the QR code on a desktop). The
 * provider brings the payer back here, and the page follows the order until it is paid.
 */
export default function QrCodePayNewScreen() {
  const [params] = useSearchParams();
  const orderID = params.get('orderID') ?? '';
  const token = params.get('token') ?? '';
  const order = useQuery({
    ...sharedOrderQuery(orderID, token),
    enabled: orderID !== '' && token !== '',
    refetchInterval: (q) => (q.state.data?.status === 'created' ? 2000 : false),
  });
  const o = order.data;
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const back = `/qRcodePayNew?orderID=${encodeURIComponent(orderID)}&token=${encodeURIComponent(token)}`;
  // The sandbox sends this payer back here (a real provider's return address is fixed when the payment starts).
  const url = o?.payUrl ? (o.payUrl.startsWith('/sandbox/') ? `${payPageUrl(o.payUrl)}?back=${encodeURIComponent(back)}` : payPageUrl(o.payUrl)) : null;
  const desktop = clientKind() === 'web_pc';

  useEffect(() => {
    if (url && desktop && canvas.current) void toCanvas(canvas.current, url, { width: 232, margin: 2 });
  }, [url, desktop]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  if (!orderID || !token || order.isError) {
    return (
      <Page title="代付订单" back={false}>
        <EmptyData message={order.isError ? errorText(order.error) : '代付链接无效或已失效'} />
      </Page>
    );
  }
  if (!o) {
    return (
      <Page title="代付订单" back={false}>
        <p className={base.muted}>加载中…</p>
      </Page>
    );
  }
  const left = Date.parse(o.expiresAt) - now;
  const paid = o.status === 'paid' || o.status === 'fulfilled';
  return (
    <Page title="代付订单" back={false}>
      <div className={styles.result}>
        <p className={base.note}>{o.requester} 请您代付</p>
        <p className={base.note}>
          {o.appName} · {versionLabel(o.vname)}
        </p>
        <p className={styles.qrAmount}>{yuan(o.amount)}</p>
        {paid ? (
          <h2 className={styles.resultTitle}>已支付，感谢您的代付</h2>
        ) : o.status !== 'created' || left <= 0 || !url ? (
          <h2 className={styles.resultTitle}>订单已关闭，无需支付</h2>
        ) : (
          <>
            {desktop ? <canvas ref={canvas} className={styles.qr} role="img" aria-label="支付二维码" /> : null}
            <p className={styles.countdown}>
              剩余支付时间 {Math.floor(left / 60_000)}分{Math.floor((left % 60_000) / 1000)}秒
            </p>
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} onClick={() => window.location.assign(url)}>
                {desktop ? '在本机支付' : '去支付'}
              </button>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
