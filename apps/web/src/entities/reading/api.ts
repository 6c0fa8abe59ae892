import { queryOptions } from '@tanstack/react-query';
import { shorthandDecks } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * The 速记 decks with today's counts (docs/reading.md): read by /siteShorthand and by the home page, whose 速记 tile
 * shows today's due and new cards apart. One query (one key), so a grade's invalidation updates both.
 */
export const decksKey = (appID: number) => ['reading', 'decks', appID] as const;
export const decksQuery = (appID: number) => queryOptions({ queryKey: decksKey(appID), queryFn: () => call(shorthandDecks, { appID }, { silent: true }), retry: false });

/** Today's 速记 work apart: the due reviews, and the new cards still allowed today (a tile shows them apart). */
export const todaysCards = (d: { due: number; fresh: number; newLeft: number }) => ({ due: d.due, fresh: Math.min(d.fresh, d.newLeft) });

/** Today's 速记 work in all: the due reviews and the new cards still allowed today. */
export const dueToday = (d: { due: number; fresh: number; newLeft: number }) => d.due + Math.min(d.fresh, d.newLeft);
