import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SHOP_MSG, type JsapiParams } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { Page } from '../../ui/page';
import { wechatJsapiPay } from './api';
import base from './buy.module.css';
import styles from './shop.module.css';

interface Bridge {
  invoke(name: 'getBrandWCPayRequest', params: JsapiParams, done: (res: { err_msg?: string }) => void): void;
}
const bridge = () => (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;

/** WeChat's bridge, once the page inside WeChat has it (null after a few seconds elsewhere). */
function whenBridge(): Promise<Bridge | null> {
  const now = bridge();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(null), 3000);
    document.addEventListener('WeixinJSBridgeReady', () => {
      clearTimeout(t);
      resolve(bridge() ?? null);
    });
  });
}

type State = { kind: 'working' } | { kind: 'cancelled'; params: JsapiParams } | { kind: 'error'; message: string };

/**
 * /htmlWeChatPay?orderID[&code] — paying inside WeChat (WeChat Pay JSAPI); every guard skips it (spec §2). The
 * first visit goes to WeChat's silent authorize link, which comes back here with a code; the server then signs
 * the JSAPI payment for that payer and WeChat's pay sheet opens. Paid or not, /buyCallback then waits for the
 * provider's notification, which alone decides. Cancelled: pay again or look at the order.
 */
export default function WechatPayScreen() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const orderID = query.get('orderID') ?? '';
  const code = query.get('code') ?? undefined;
  const [state, setState] = useState<State>({ kind: 'working' });
  const result = () => void navigate(`/buyCallback?orderID=${encodeURIComponent(orderID)}`, { replace: true });

  async function pay(params: JsapiParams) {
    const b = await whenBridge();
    if (!b) return setState({ kind: 'error', message: SHOP_MSG.wechatOnly });
    setState({ kind: 'working' });
    b.invoke('getBrandWCPayRequest', params, (res) => {
      if (res.err_msg === 'get_brand_wcpay_request:ok') result();
      else setState({ kind: 'cancelled', params });
    });
  }

  useEffect(() => {
    if (!orderID) return setState({ kind: 'error', message: SHOP_MSG.orderUnknown });
    let live = true;
    wechatJsapiPay(orderID, code).then(
      (r) => {
        if (!live) return;
        if (r.authorizeUrl) window.location.replace(r.authorizeUrl);
        else if (r.params) void pay(r.params);
      },
      (err: unknown) => live && setState({ kind: 'error', message: errorText(err) }),
    );
    return () => {
      live = false;
    };
    // One start per order and code: pay() reads nothing else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderID, code]);

  return (
    <Page title="微信支付">
      <div className={styles.result}>
        {state.kind === 'working' ? (
          <p className={base.muted} role="status">
            正在打开微信支付…
          </p>
        ) : (
          <>
            <h2 className={styles.resultTitle}>{state.kind === 'cancelled' ? '支付未完成' : '无法发起支付'}</h2>
            <p className={base.note}>{state.kind === 'cancelled' ? '您已取消支付，可以重新支付。' : state.message}</p>
            <div className={styles.actions}>
              {state.kind === 'cancelled' ? (
                <button type="button" className={buttons.primary} onClick={() => void pay(state.params)}>
                  重新支付
                </button>
              ) : null}
              {orderID ? (
                <button type="button" className={buttons.secondary} onClick={result}>
                  查看订单
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
