/** '13800000000' → '138****0000'. Other values (user names) are shown with their middle hidden too. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}****${value.slice(7)}`;
  if (value.length <= 2) return value;
  if (value.length <= 4) return `${value[0]}**${value[value.length - 1]}`;
  return `${value.slice(0, 2)}****${value.slice(-2)}`;
}

/** The first visible character of a name, for a text avatar; '学' when there is none or it is a digit. */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first && !/\d/.test(first) ? first.toUpperCase() : '学';
}

/** The current local time as HHmmss: the six-character `time` of the password-change call (spec §5). */
export function hhmmss(date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}

/** A second of a lesson, as players show it: 75 → '1:15', 3725 → '1:02:05'. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
