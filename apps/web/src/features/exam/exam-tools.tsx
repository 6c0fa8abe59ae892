import { useState } from 'react';
import styles from './exam.module.css';
import toolsCss from './exam-tools.module.css';

/** The 机考's tools: a four-function calculator (in a sheet) and a full-screen zoomable image viewer. */

export interface CalcState {
  display: string;
  acc: number | null;
  op: '+' | '-' | '×' | '÷' | null;
  fresh: boolean;
}

export const CALC_START: CalcState = { display: '0', acc: null, op: null, fresh: true };

const apply = (a: number, op: NonNullable<CalcState['op']>, b: number): number | null => {
  if (op === '+') return a + b;
  if (op === '-') return a - b;
  if (op === '×') return a * b;
  return b === 0 ? null : a / b;
};

const show = (n: number): string => (Number.isFinite(n) ? String(Number(n.toPrecision(12))) : '错误');

/** One key press of the calculator (pure). Division by zero shows '错误'. */
export function calcPress(s: CalcState, key: string): CalcState {
  if (key === 'C') return CALC_START;
  if (s.display === '错误') s = CALC_START;
  if (/^[0-9]$/.test(key)) {
    if (s.fresh) return { ...s, display: key, fresh: false };
    if (s.display.replace(/[-.]/g, '').length >= 12) return s;
    return { ...s, display: s.display === '0' ? key : s.display + key };
  }
  if (key === '.') {
    if (s.fresh) return { ...s, display: '0.', fresh: false };
    return s.display.includes('.') ? s : { ...s, display: `${s.display}.` };
  }
  if (key === '±') return { ...s, display: s.display.startsWith('-') ? s.display.slice(1) : s.display === '0' ? '0' : `-${s.display}` };
  if (key === '⌫') {
    if (s.fresh) return s;
    const d = s.display.slice(0, -1);
    return { ...s, display: d === '' || d === '-' ? '0' : d };
  }
  const cur = Number(s.display);
  let value = cur;
  if (s.op && s.acc !== null && !s.fresh) {
    const r = apply(s.acc, s.op, cur);
    if (r === null) return { ...CALC_START, display: '错误' };
    value = r;
  } else if (s.op && s.acc !== null && s.fresh && key !== '=') {
    return { ...s, op: key as CalcState['op'] };
  } else if (s.acc !== null && s.op && key === '=') {
    value = s.acc;
  }
  if (key === '=') return { display: show(value), acc: null, op: null, fresh: true };
  return { display: show(value), acc: value, op: key as CalcState['op'], fresh: true };
}

const KEYS = ['C', '±', '⌫', '÷', '7', '8', '9', '×', '4', '5', '6', '-', '1', '2', '3', '+', '0', '.', '='];

export function Calculator({ onClose }: { onClose: () => void }) {
  const [s, setS] = useState<CalcState>(CALC_START);
  return (
    <div className={styles.sheetBackdrop} onClick={onClose}>
      <section className={styles.sheet} role="dialog" aria-label="计算器" onClick={(e) => e.stopPropagation()}>
        <header className={styles.sheetHead}>
          <strong>计算器</strong>
          <button type="button" className={styles.linkButton} onClick={onClose}>
            关闭
          </button>
        </header>
        <output className={toolsCss.calcDisplay} data-testid="calc-display">
          {s.op && s.acc !== null ? <small>{`${show(s.acc)} ${s.op}`}</small> : null}
          {s.display}
        </output>
        <div className={toolsCss.calcKeys}>
          {KEYS.map((k) => (
            <button
              key={k}
              type="button"
              className={`${toolsCss.calcKey} ${/[+\-×÷=]/.test(k) ? toolsCss.calcOp : ''} ${k === '0' ? toolsCss.calcWide : ''}`}
              aria-label={k === '⌫' ? '退格' : k === '±' ? '正负' : k}
              onClick={() => setS((x) => calcPress(x, k))}
            >
              {k}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}

const ZOOMS = [1, 1.5, 2, 3, 4];

/** A full-screen view of one image: 放大/缩小 (or double tap), scroll to pan, 关闭 (or Escape). */
export function ImageViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const [z, setZ] = useState(0);
  return (
    <div
      className={toolsCss.viewer}
      role="dialog"
      aria-label="查看图片"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className={toolsCss.viewerBar}>
        <button type="button" onClick={() => setZ((v) => Math.max(0, v - 1))} disabled={z === 0}>
          缩小
        </button>
        <span>{`${Math.round(ZOOMS[z]! * 100)}%`}</span>
        <button type="button" onClick={() => setZ((v) => Math.min(ZOOMS.length - 1, v + 1))} disabled={z === ZOOMS.length - 1}>
          放大
        </button>
        <button type="button" onClick={onClose}>
          关闭
        </button>
      </div>
      <div className={toolsCss.viewerStage}>
        <img src={src} alt={alt} style={{ width: `${ZOOMS[z]! * 100}%` }} className={toolsCss.viewerImage} onDoubleClick={() => setZ((v) => (v === 0 ? 2 : 0))} />
      </div>
    </div>
  );
}
