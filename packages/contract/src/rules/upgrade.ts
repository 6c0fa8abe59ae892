/**
 * Which held version a version can be upgraded from (docs/shop.md, "Upgrades"): a higher version that contains
 * every module of the held one. A different product (考前模拟, which lacks the held version's videos and handouts)
 * is bought, never upgraded into. The server refuses other upgrades; /buyapp offers only these.
 */
export interface UpgradeSide {
  vnorder: number;
  modules: readonly { id: string }[];
}

export function upgradable(held: UpgradeSide, target: UpgradeSide): boolean {
  if (target.vnorder <= held.vnorder) return false;
  const has = new Set(target.modules.map((m) => m.id));
  return held.modules.every((m) => has.has(m.id));
}
