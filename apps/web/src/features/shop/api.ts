import { queryOptions } from '@tanstack/react-query';
import {
  shareOrder,
  sharedOrder,
  purchasedUserList,
  creategroupbuy,
  joingroupbuy,
  listgroupbuy,
  usergroupbuy,
  adduserAddress,
  couponlist,
  destroyuserAddress,
  getexpressDetails,
  getOrderNumber,
  getHuabeiPrice,
  getuseraddresslist,
  setDeliverInfo,
  takeDeliveryInfo,
  updateuserAddress,
  myCoupon,
  myPurchases,
  pricedetails,
  queryUserOrder,
  receiveCoupon,
  useCode,
  userOrderList,
  vipChange,
  wechatJsapi,
  discount,
  discountlist,
  spread,
  type PayType,
} from '@kaoshi/contract';
import { baseUrl, call } from '../../api/client';
import { clientKind } from '../../lib/client-kind';
import { payEquipment, pricesKey, pricesQuery } from '../../entities/shop/api';
import { getUserName } from '../../lib/session';

export const buyKeys = {
  all: () => ['shop'] as const,
  purchases: () => ['shop', 'myPurchases'] as const,
  prices: pricesKey,
  order: (orderID: string) => ['shop', 'order', orderID] as const,
  orders: () => ['shop', 'orders'] as const,
  quote: (w: Wanted) => ['shop', 'quote', w] as const,
  huabei: (w: Wanted) => ['shop', 'huabei', w] as const,
  discounts: (appID: number) => ['shop', 'discounts', appID] as const,
  claimable: () => ['shop', 'coupons', 'claimable'] as const,
  mine: (status: CouponStatus) => ['shop', 'coupons', 'mine', status] as const,
  addresses: () => ['shop', 'addresses'] as const,
  groups: (appID: number) => ['shop', 'groups', appID] as const,
  myGroups: () => ['shop', 'groups', 'mine'] as const,
  buyers: (appID: number) => ['shop', 'buyers', appID] as const,
  shared: (orderID: string, token: string) => ['shop', 'shared', orderID, token] as const,
  delivery: (orderID: string) => ['shop', 'delivery', orderID] as const,
};

/** What /payPage buys: a version, or an upgrade from a held one; with a coupon, or none (null), or the best (undefined). */
export interface Wanted {
  appID: number;
  vn: string;
  fromVn?: string;
  couponUserID?: number;
  /** The discount code as presented (typed, tapped or from a promotion link): the spec's discountID carries the code. */
  discountID?: string;
  /** Printed books sent with it: their ids, comma-separated. */
  branchBookList?: string;
}
export type CouponStatus = 'usable' | 'used' | 'expired';

/** The learner's purchases over all subjects (/memberCenter). */
export const purchasesQuery = () => queryOptions({ queryKey: buyKeys.purchases(), queryFn: () => call(myPurchases, {}, { silent: true }) });

/** Redeems an activation code for a subject; the server's refusal is the learner's message. */
export const redeemCode = (appID: number, code: string) => call(useCode, { code, userName: getUserName(), appID, device: clientKind() }, { silent: true });

/** The subject's versions on sale for this agent, with prices and how the agent takes payment (shared with the lock sheets). */
export { payEquipment, pricesQuery };

/** One of the learner's orders (polled by /buyCallback while it waits for the payment). */
export const orderQuery = (orderID: string) => queryOptions({ queryKey: buyKeys.order(orderID), queryFn: () => call(queryUserOrder, { orderID }, { silent: true }) });

/** The server's quote for an order: amounts, the learner's coupons with what each takes off, the end date. */
export const quoteQuery = (w: Wanted) =>
  queryOptions({
    queryKey: buyKeys.quote(w),
    queryFn: () =>
      call(
        pricedetails,
        { appID: w.appID, vn: w.vn, fromVn: w.fromVn, couponUserID: w.couponUserID, discountID: w.discountID, branchBookList: w.branchBookList },
        { silent: true },
      ),
  });

/** Huabei plans for the same order (/payPage, when Alipay or the sandbox is chosen). */
export const huabeiQuery = (w: Wanted) =>
  queryOptions({
    queryKey: buyKeys.huabei(w),
    queryFn: () =>
      call(
        getHuabeiPrice,
        { appID: w.appID, vn: w.vn, fromVn: w.fromVn, couponUserID: w.couponUserID, discountID: w.discountID, branchBookList: w.branchBookList, equipment: payEquipment() },
        { silent: true },
      ),
  });

/**
 * Create (or, for the same requestId, get back) the order or upgrade and its payment; the server sets the amount.
 * `instalments` (Huabei periods) go on the wire as the spec's hbfqnum.
 */
export const createOrder = (w: Wanted & { payType: PayType; requestId: string; addressID?: number; instalments?: number }) =>
  w.fromVn === undefined
    ? call(
        getOrderNumber,
        {
          appID: w.appID,
          vn: w.vn,
          payType: w.payType,
          requestId: w.requestId,
          couponUserID: w.couponUserID,
          discountID: w.discountID,
          branchBookList: w.branchBookList,
          addressID: w.addressID,
          hbfqnum: w.instalments,
          equipment: payEquipment(),
        },
        { silent: true },
      )
    : call(
        vipChange,
        {
          appID: w.appID,
          vn: w.fromVn,
          toVn: w.vn,
          couponID: w.couponUserID,
          discountID: w.discountID,
          payType: w.payType,
          equipment: payEquipment(),
          requestId: w.requestId,
          hbfqnum: w.instalments,
        },
        { silent: true },
      );

/** The learner's orders, newest first (/memberCenter, /receiptDetail). */
export const ordersQuery = () => queryOptions({ queryKey: buyKeys.orders(), queryFn: () => call(userOrderList, {}, { silent: true }) });

/** Coupons on offer (/couponList) and the learner's own by status (/myCoupon). */
export const claimableQuery = () => queryOptions({ queryKey: buyKeys.claimable(), queryFn: () => call(couponlist, {}, { silent: true }) });
export const myCouponsQuery = (status: CouponStatus) => queryOptions({ queryKey: buyKeys.mine(status), queryFn: () => call(myCoupon, { status }, { silent: true }) });
export const claimCoupon = (couponID: number) => call(receiveCoupon, { couponID }, { silent: true });

/** The provider's pay page: a path of the payment call group's host (this origin by default). */
export const payPageUrl = (payUrl: string) => new URL(payUrl, baseUrl('payment') || window.location.origin).toString();

/** A fresh idempotency key for one visit to /payPage (a double tap or a retry gives the same order). */
export const newRequestId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`);

/** The learner's address book, and its changes (/expressAddress). */
export const addressesQuery = () => queryOptions({ queryKey: buyKeys.addresses(), queryFn: () => call(getuseraddresslist, {}, { silent: true }) });
export interface AddressForm {
  userName: string;
  phone: string;
  address: string;
  details: string;
  isdefault: boolean;
}
export const saveAddress = (a: AddressForm, id?: number) =>
  id === undefined ? call(adduserAddress, { ...a }, { silent: true }) : call(updateuserAddress, { ...a, id }, { silent: true });
export const deleteAddress = (id: number) => call(destroyuserAddress, { id }, { silent: true });

/** An order's printed books and their delivery (/receiptDetail), and what the learner does with it. */
export const deliveryQuery = (orderID: string) => queryOptions({ queryKey: buyKeys.delivery(orderID), queryFn: () => call(getexpressDetails, { orderID }, { silent: true }) });
export const sendBooksTo = (orderID: string, addressID: number) => call(setDeliverInfo, { orderID, addressID }, { silent: true });
export const confirmReceipt = (orderID: string) => call(takeDeliveryInfo, { orderID }, { silent: true });

/** Group buys: the subject's offers with joinable groups (/buyapp), the learner's own (/mypink), starting and joining. */
export const groupsQuery = (appID: number) =>
  queryOptions({ queryKey: buyKeys.groups(appID), queryFn: () => call(listgroupbuy, { appID }, { silent: true }), refetchInterval: 30_000 });
export const myGroupsQuery = () => queryOptions({ queryKey: buyKeys.myGroups(), queryFn: () => call(usergroupbuy, {}, { silent: true }) });
/** Start a group of the offer for version vn, or join the group groupID: the order at the group price (requestId as createOrder's). */
export const startGroup = (appID: number, vn: string, payType: PayType, requestId: string) =>
  call(creategroupbuy, { appID, vn, payType, equipment: payEquipment(), requestId }, { silent: true });
export const joinGroup = (groupID: number, payType: PayType, requestId: string) => call(joingroupbuy, { groupID, payType, equipment: payEquipment(), requestId }, { silent: true });

/** Recent buyers of the subject (masked), the ticker of /buyapp. */
export const buyersQuery = (appID: number) =>
  queryOptions({ queryKey: buyKeys.buyers(appID), queryFn: () => call(purchasedUserList, { appID }, { silent: true }), staleTime: 60_000 });

/** 请人代付: the link a learner shares, and the shared order as its payer (maybe a guest) sees it. */
export const shareLink = async (orderID: string) => {
  const { token } = await call(shareOrder, { orderID }, { silent: true });
  return `${window.location.origin}/qRcodePayNew?orderID=${encodeURIComponent(orderID)}&token=${encodeURIComponent(token)}`;
};
export const sharedOrderQuery = (orderID: string, token: string) =>
  queryOptions({ queryKey: buyKeys.shared(orderID, token), queryFn: () => call(sharedOrder, { orderID, token }, { silent: true }) });

/** /htmlWeChatPay: WeChat's authorize link (no code yet), then the JSAPI payment signed for WeixinJSBridge. */
export const wechatJsapiPay = (orderID: string, code?: string) => call(wechatJsapi, { orderID, code }, { silent: true });

/** Listed discount codes (限时优惠) of a subject; checking a typed code against the order; a promotion link opened. */
export const discountsQuery = (appID: number) =>
  queryOptions({ queryKey: buyKeys.discounts(appID), queryFn: () => call(discountlist, { appID }, { silent: true }), staleTime: 60_000 });
export const checkDiscount = (w: Wanted, code: string) => call(discount, { appID: w.appID, vn: w.vn, fromVn: w.fromVn, couponUserID: w.couponUserID, code }, { silent: true });
export const openSpread = (code: string) => call(spread, { code }, { silent: true });
