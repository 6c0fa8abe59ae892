import { createContext } from 'react';
import type { PriceItem } from '@kaoshi/contract';

/**
 * The versions on sale of a subject (null: no subject chosen) with their prices, as a hook answering undefined while
 * unknown: the lock sheet's cards (ui/buy-prompt.tsx) show them. ui/ imports no entity, so it declares what it needs
 * here and the app connects the shop's price list to it (`useVersionPrices` of entities/shop/api.ts, provided by
 * app/query-layout.tsx and by the tests' renderScreen; docs/web-shell.md "Layers").
 */
export type VersionPriceLookup = (appID: number | null) => readonly PriceItem[] | undefined;

const noPrices: VersionPriceLookup = () => undefined;

/** The price lookup the sheet's cards use; without a provider the cards show no price. */
export const VersionPricesContext = createContext<VersionPriceLookup>(noPrices);
