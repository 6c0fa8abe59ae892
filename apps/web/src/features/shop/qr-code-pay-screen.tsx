import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toCanvas } from 'qrcode';
import { PAY_TYPE_NAMES } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { orderQuery, payPageUrl } from './api';
import { yuan } from './format';
import { orderWhat } from './order-list';
import base from './buy.module.css';
import styles from './shop.module.css';

const POLL_MS = 2000;
const mmss = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * /qRcodePay?orderID — paying on a desktop: the QR code of the provider's pay URL (WeChat Native's code_url; the
 * sandbox's page) for the phone to scan, the time left before the order closes, and a poll of the order every 2 s
 * that goes on to /buyCallback once it is paid (or closed).
 */
export default function QrCodePayScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderID = params.get('orderID') ?? '';
  const order = useQuery({
    ...orderQuery(orderID),
    enabled: orderID !== '',
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'created' ? false : POLL_MS),
  });
  const o = order.data;
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const url = o?.payUrl ? payPageUrl(o.payUrl) : null;

  useEffect(() => {
    if (url && canvas.current) void toCanvas(canvas.current, url, { width: 232, margin: 2, errorCorrectionLevel: 'M' });
  }, [url]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  useEffect(() => {
    if (o && o.status !== 'created') void navigate(`/buyCallback?orderID=${encodeURIComponent(o.orderID)}`, { replace: true });
  }, [o, navigate]);

  if (!orderID || order.isError) {
    return (
      <Page title="扫码支付">
        <EmptyData message={order.isError ? errorText(order.error) : '订单不存在'} buyButton="返回班次列表" onBuy={() => void navigate('/buyapp', { replace: true })} />
      </Page>
    );
  }
  if (!o) {
    return (
      <Page title="扫码支付">
        <p className={base.muted}>加载中…</p>
      </Page>
    );
  }

  const left = Date.parse(o.expiresAt) - now;
  return (
    <Page title="扫码支付">
      <div className={styles.result}>
        <p className={base.note}>{orderWhat(o)}</p>
        <p className={styles.qrAmount}>{yuan(o.amount)}</p>
        {url && left > 0 ? (
          <>
            <canvas ref={canvas} className={styles.qr} role="img" aria-label="支付二维码" data-pay-url={url} />
            <p className={base.note}>
              请使用手机{o.payType === 'alipay' ? '支付宝' : o.payType === 'wechat' ? '微信' : ''}扫码完成支付（{PAY_TYPE_NAMES[o.payType]}）
            </p>
            <p className={styles.countdown} aria-live="off">
              剩余支付时间 <strong>{mmss(left)}</strong>
            </p>
          </>
        ) : (
          <>
            <h2 className={styles.resultTitle}>二维码已过期</h2>
            <div className={styles.actions}>
              <button type="button" className={buttons.primary} onClick={() => void navigate(`/buyapp?posSlide=${encodeURIComponent(o.vn)}`, { replace: true })}>
                重新下单
              </button>
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
