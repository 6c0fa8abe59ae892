/**
 * A tenant's colour stays its brand; the text and the fills under white text need a shade of it that
 * reads (WCAG AA: 4.5:1). The shade keeps the hue and saturation and lowers the lightness until both
 * white text on it and it as text on the light page background (#f5f6f8, the palest surface it sits on)
 * reach 4.5:1. A colour that already does is kept as it is.
 */
export const AA = 4.5;
const PAGE_BG = '#f5f6f8';

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function rgbOf(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHsl([r, g, b]: [number, number, number]): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function toHex([h, s, l]: [number, number, number]): string {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The readable shade of `hex` (a #rrggbb or #rgb colour): white on it and it on the page both ≥ 4.5:1. */
export function readableShade(hex: string): string {
  const reads = (c: string) => contrast(c, '#ffffff') >= AA && contrast(c, PAGE_BG) >= AA;
  const start = `#${rgbOf(hex)
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
  if (reads(start)) return start;
  const [h, s, l0] = toHsl(rgbOf(start));
  for (let l = l0; l > 0; l -= 0.005) {
    const c = toHex([h, s, l]);
    if (reads(c)) return c;
  }
  return '#000000';
}
