import { z } from 'zod';
import { defineCall } from '../../call.ts';
import { dbId, flag, guid, mobile, text } from '../../fields.ts';

/** The address book and the delivery of printed books (docs/shop.md, "Printed books and delivery"). */

export const addressEntry = z.object({
  id: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  address: z.string(),
  details: z.string(),
  isdefault: z.union([z.literal(0), z.literal(1)]),
});
export type AddressEntry = z.infer<typeof addressEntry>;

/** An address's fields as the spec names them: userName (the receiver), phone, address (region), details. */
const addressFields = {
  userName: text('收货人', 20),
  phone: mobile('手机号'),
  address: text('所在地区', 60),
  details: text('详细地址', 120),
  isdefault: flag(),
};

export const getuseraddresslist = defineCall({
  id: 'delivery.addressList',
  method: 'GET',
  path: '/api/user/getuseraddresslist',
  group: 'general',
  needsSession: true,
  summary: "The learner's addresses, the default first.",
  request: z.object({ guid: guid() }),
  data: z.object({ list: z.array(addressEntry) }),
});

export const adduserAddress = defineCall({
  id: 'delivery.addAddress',
  method: 'POST',
  path: '/api/user/adduserAddress',
  group: 'general',
  needsSession: true,
  summary: 'Add an address (at most 20); the first, or one sent with isdefault, becomes the default.',
  request: z.object({ guid: guid(), ...addressFields }),
  data: addressEntry,
});

export const updateuserAddress = defineCall({
  id: 'delivery.updateAddress',
  method: 'POST',
  path: '/api/user/updateuserAddress',
  group: 'general',
  needsSession: true,
  summary: "Change one of the learner's addresses (orders keep the copy they were given).",
  request: z.object({ guid: guid(), id: dbId('地址'), ...addressFields }),
  data: addressEntry,
});

export const destroyuserAddress = defineCall({
  id: 'delivery.destroyAddress',
  method: 'POST',
  path: '/api/user/destroyuserAddress',
  group: 'general',
  needsSession: true,
  summary: "Delete one of the learner's addresses; when it was the default, the newest other one becomes the default.",
  request: z.object({ guid: guid(), id: dbId('地址') }),
  data: z.object({ id: z.number().int() }),
});

/** Delivery of an order's printed books: its status, where they go, the courier and tracking number. */
export const deliveryView = z.object({
  orderID: z.string(),
  status: z.enum(['none', 'waiting', 'shipped', 'received']),
  books: z.array(z.object({ bookID: z.number().int(), title: z.string(), price: z.number().int() })),
  address: z.object({ userName: z.string(), phone: z.string(), address: z.string(), details: z.string() }).nullable(),
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const setDeliverInfo = defineCall({
  id: 'delivery.setDeliverInfo',
  method: 'POST',
  path: '/api/user/setDeliverInfo',
  group: 'general',
  needsSession: true,
  summary: "Send an order's printed books to one of the learner's addresses (a copy is kept on the order); until it is shipped.",
  request: z.object({ guid: guid(), orderID: text('订单号', 40), addressID: dbId('地址') }),
  data: deliveryView,
});

export const getexpressDetails = defineCall({
  id: 'delivery.expressDetails',
  method: 'GET',
  path: '/api/user/getexpressDetails',
  group: 'general',
  needsSession: true,
  summary: "The delivery of one of the learner's orders.",
  request: z.object({ guid: guid(), orderID: text('订单号', 40) }),
  data: deliveryView,
});

export const allDeliver = defineCall({
  id: 'delivery.all',
  method: 'GET',
  path: '/api/user/allDeliver',
  group: 'general',
  needsSession: true,
  summary: "The deliveries of the learner's paid orders with printed books, newest first.",
  request: z.object({ guid: guid() }),
  data: z.object({ list: z.array(deliveryView) }),
});

export const takeDeliveryInfo = defineCall({
  id: 'delivery.take',
  method: 'POST',
  path: '/api/user/takeDeliveryInfo',
  group: 'general',
  needsSession: true,
  summary: 'Confirm that a shipped order arrived (确认收货).',
  request: z.object({ guid: guid(), orderID: text('订单号', 40) }),
  data: deliveryView,
});

export const DELIVERY_MSG = {
  addressUnknown: '地址不存在',
  tooManyAddresses: '最多保存20个收货地址',
  noBooks: '该订单没有需要配送的教材',
  shipped: '教材已发货，无法修改收货地址',
  notShipped: '教材尚未发货',
  notPaid: '订单尚未支付',
  needAddress: '请选择收货地址',
  bookUnknown: '教材不存在或已下架',
} as const;

export const deliveryCalls = { getuseraddresslist, adduserAddress, updateuserAddress, destroyuserAddress, setDeliverInfo, getexpressDetails, allDeliver, takeDeliveryInfo };
