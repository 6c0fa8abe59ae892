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
