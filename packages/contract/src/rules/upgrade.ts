/**
 * Which held version a version can be upgraded from (docs/shop.md, "Upgrades"): a higher version that contains
 * every module of the held one. A different product (考前模拟, which lacks the held version's videos and handouts)
 * is bought, never upgraded into. The server refuses other upgrades; /buyapp offers only these.
 */
export interface UpgradeSide {
  vnorder: number;
  modules: readonly { id: string }[];
}

/**
 * Whether a version opens everything another opens: each of the other's modules is one of its own (access is
 * decided per module, so a learner who holds it may use all of the other). A version contains itself.
 */
export function contains(version: Pick<UpgradeSide, 'modules'>, other: Pick<UpgradeSide, 'modules'>): boolean {
  const has = new Set(version.modules.map((m) => m.id));
  return other.modules.every((m) => has.has(m.id));
}

export function upgradable(held: UpgradeSide, target: UpgradeSide): boolean {
  if (target.vnorder <= held.vnorder) return false;
  return contains(target, held);
}

const YEARS = ['', '一年', '两年', '三年'];

/** A version's validity for a button: whole years as 一年, 两年, 三年 (then '4年'), anything else in days ('90天'). */
export function validityLabel(days: number): string {
  const years = days / 365;
  if (days > 0 && Number.isInteger(years)) return YEARS[years] ?? `${years}年`;
  return `${days}天`;
}
