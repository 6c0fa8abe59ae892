import type { ItemKind } from '@kaoshi/contract';

/**
 * Item policies (docs/entitlement.md): a call that names an item by id declares it in the contract (`gate.item`);
 * the module owning that kind of item registers its loader here, and the registrar loads the item, asks the
 * entitlement policy and hands the handler the item with the access it was given.
 */

/** What the entitlement policy needs to know of an item. */
export interface ItemFacts {
  appId: number;
  /** The module of the subject's versions that opens the item. */
  module: string;
  /**
   * The item's chapter when the module opens chapter by chapter (a trial opens only some): null for an item of
   * such a module outside every chapter (open only with the whole module). Left out: the item has no chapter.
   */
  chapter?: number | null;
  /** Open to every learner of a subject on sale (a free lesson). */
  free?: boolean;
  /** Seconds a learner without the module may still play (a lesson's preview); 0 or left out: none. */
  previewSeconds?: number;
  /** Other modules that open the whole item as well (a paper opens with any module its kind and tag name); the buy prompt names `module`'s. */
  anyOf?: readonly string[];
  /** The caller holds a key of the item itself (a live session's host link): open, whatever they hold. */
  granted?: boolean;
  /** The 404 message when the subject is not on sale, when it depends on the item (a discussion's question or lesson); else the call's. */
  unknown?: string;
}

/** The policy's answer for an item the learner may use: all of it, or its preview (with the versions that open the rest). */
export type ItemAccess = { full: true; previewSeconds: 0; unlocking: [] } | { full: false; previewSeconds: number; unlocking: { vn: string; vname: string }[] };

/** The entitlement policy of items: 404 `unknown` for a subject not on sale, 403 {unlocking} when nothing of it is open. */
export type ItemPolicy = (userId: number | null, item: ItemFacts, unknown?: string) => Promise<ItemAccess>;

/** An item as the registrar hands it to the handler: the module's own row and the access the policy gave. */
export interface LoadedItem<T> {
  kind: ItemKind;
  value: T;
  access: ItemAccess;
}

/** The loader of one kind of item, registered by the module owning it (ServerModule.items). */
export interface ItemLoader<T = unknown> {
  kind: ItemKind;
  /**
   * The item named by `id` (the request field the call declares; undefined when that field is optional and absent),
   * with the facts the policy needs; throws the module's own 404 when there is none. `input` is the call's
   * validated request (a loader may check the item belongs to its `appID`, or find it by another field); `userId` the
   * caller's (null: a guest), for an item only some may see (a hidden post, to its author). null: this
   * request names no item of the kind (a start by test mode, an appointment of a lesson), and the handler goes on
   * without one (it reads it with `maybe`).
   */
  load(id: number | undefined, input: Readonly<Record<string, unknown>>, userId: number | null): Promise<{ facts: ItemFacts; value: T } | null>;
  /** The loaded item of a call whose contract declares this kind (a handler's typed view of `ctx.item`). */
  of(ctx: { item?: LoadedItem<unknown> }): LoadedItem<T>;
  /** The same for a loader that may find no item in a request: undefined then. */
  maybe(ctx: { item?: LoadedItem<unknown> }): LoadedItem<T> | undefined;
}

/** Declare a module's loader of one item kind. */
export function itemLoader<T>(kind: ItemKind, load: ItemLoader<T>['load']): ItemLoader<T> {
  return {
    kind,
    load,
    of(ctx) {
      if (!ctx.item || ctx.item.kind !== kind) throw new Error(`The call has no item of kind ${kind} in its contract gate`);
      return ctx.item as LoadedItem<T>;
    },
    maybe(ctx) {
      if (ctx.item && ctx.item.kind !== kind) throw new Error(`The call's item is of kind ${ctx.item.kind}, not ${kind}`);
      return ctx.item as LoadedItem<T> | undefined;
    },
  };
}
