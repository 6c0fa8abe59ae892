import { queryOptions, useQuery } from '@tanstack/react-query';
import { pricelist } from '@kaoshi/contract';
import { call } from '../../api/client';
import { clientKind, isWeChat } from '../../lib/client-kind';
import type { VersionPriceLookup } from '../../ui/version-prices';

/** The key of a subject's price list: the shop's (features/shop) and the lock sheets' one cache. */
export const pricesKey = (appID: number) => ['shop', 'prices', appID] as const;

/** The client as the shop sees it (the methods offered depend on it): web_wechat inside WeChat, else clientKind(). */
export const payEquipment = () => (isWeChat() ? 'web_wechat' : clientKind());

/**
 * The subject's versions on sale for this agent, with prices and how the agent takes payment (pricelist): /buyapp,
 * /payPage and the lock sheets, which show the price of each version that unlocks an item.
 */
export const pricesQuery = (appID: number) =>
  queryOptions({ queryKey: pricesKey(appID), queryFn: () => call(pricelist, { appID, equipment: payEquipment() }, { silent: true }), staleTime: 30_000 });

/** The lock sheets' price lookup (ui/buy-prompt.tsx declares it, app/query-layout.tsx provides this one): pricelist's items. */
export const useVersionPrices: VersionPriceLookup = (appID) => useQuery({ ...pricesQuery(appID ?? 0), enabled: appID !== null }).data?.items;
