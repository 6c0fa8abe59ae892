import type { OrderView } from '@kaoshi/contract';
import { useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { clientKind } from '../../lib/client-kind';
import { errorText } from '../../lib/error-text';
import { newRequestId, payPageUrl } from './api';

/**
 * Where the learner pays an order (docs/shop.md, "Providers"): inside WeChat, /htmlWeChatPay (JSAPI); on a
 * desktop, the QR code of the pay URL for the phone (WeChat Native, the sandbox) or Alipay's own page, which
 * shows its QR code itself; on a phone, the provider's page. An order with nothing left to pay: its result.
 */
export function goToPay(o: OrderView, navigate: NavigateFunction, replace = false): void {
  const enc = encodeURIComponent(o.orderID);
  if (!o.payUrl) void navigate(`/buyCallback?orderID=${enc}`, { replace });
  else if (o.payUrl.startsWith('/htmlWeChatPay')) void navigate(o.payUrl, { replace });
  else if (clientKind() === 'web_pc' && o.payType !== 'alipay') void navigate(`/qRcodePay?orderID=${enc}`, { replace });
  else window.location.assign(payPageUrl(o.payUrl));
}

/** /payPage for a group buy (group-pay-page.tsx): starting a group of version vn's offer, or joining the group groupID. */
export const groupPayPath = (appID: number, vn: string, groupID?: number) => `/payPage?appID=${appID}&vn=${encodeURIComponent(vn)}&group=${groupID ?? 'new'}`;

/**
 * 确认支付 on /payPage, for a purchase and a group buy alike: one requestId per visit (a double tap or a retry is the
 * same order), then to payment. A refused attempt (a coupon or the group taken meanwhile) shows why and is over: the
 * next tap is a new order, and `onRefused` reads again what may have changed.
 */
export function usePayAttempt(onRefused: () => void) {
  const navigate = useNavigate();
  const [requestId, setRequestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function attempt(create: (requestId: string) => Promise<OrderView>): Promise<void> {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const o = await create(requestId);
      goToPay(o, navigate, !o.payUrl);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
      setRequestId(newRequestId());
      onRefused();
    }
  }
  return { busy, error, setError, attempt };
}
