import type { SandboxPaymentRow } from '../../db/schema/index.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const STYLE = `
:root{color-scheme:light dark;--bg:#f4f6f8;--card:#fff;--text:#1f2329;--muted:#5c6470;--ok:#07883a;--on-ok:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#121417;--card:#1e2227;--text:#e8eaed;--muted:#a9b0ba;--ok:#3ccf77;--on-ok:#0b1f12}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Noto Sans CJK SC",sans-serif;background:var(--bg);color:var(--text)}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.badge{display:inline-block;padding:2px 8px;border-radius:4px;background:#b45309;color:#fff;font-size:13px}
.card{background:var(--card);border-radius:12px;padding:20px;margin:16px 0}
h1{font-size:20px;margin:12px 0 4px}.muted{color:var(--muted);font-size:14px;margin:4px 0}
.amount{font-size:36px;font-weight:700;margin:12px 0;text-align:center}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0}dt{color:var(--muted)}dd{margin:0;word-break:break-all}
button,a.btn{display:block;width:100%;min-height:48px;border-radius:8px;font-size:17px;border:0;margin-top:12px;text-align:center;text-decoration:none;line-height:48px;cursor:pointer}
.pay{background:var(--ok);color:var(--on-ok)}.cancel{background:transparent;color:var(--text);border:1px solid var(--muted)}
`;

/** The sandbox's pay page: what is being paid and 确认支付 / 取消 (plain HTML, every stored text escaped). */
export function sandboxPage(row: SandboxPaymentRow | undefined, returnTo = ''): string {
  const head = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>沙箱支付</title><link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head><body><main>`;
  const tail = `</main></body></html>`;
  if (!row) return `${head}<span class="badge">测试环境</span><h1>支付单不存在</h1><p class="muted">请回到应用重新下单。</p>${tail}`;
  const back = escape(returnTo || row.returnUrl);
  const base = `/sandbox/pay/${encodeURIComponent(row.payId)}`;
  // The two buttons carry where a shared-link payer returns (checked again by the routes).
  const keep = returnTo ? `?back=${encodeURIComponent(returnTo)}` : '';
  const details = `<dl><dt>商品</dt><dd>${escape(row.description)}</dd><dt>订单号</dt><dd>${escape(row.orderNo)}</dd></dl>`;
  if (row.status === 'paid') {
    return `${head}<span class="badge">测试环境</span><h1>该订单已支付</h1><div class="card"><p class="amount">${yuan(row.amountFen)}</p>${details}</div><a class="btn pay" href="${back}">返回商户</a>${tail}`;
  }
  return `${head}<span class="badge">测试环境</span><h1>沙箱支付</h1><p class="muted">开发与测试用的支付页面，不会真实扣款。</p>
<div class="card"><p class="amount">${yuan(row.amountFen)}</p>${details}</div>
<form method="post" action="${base}/confirm${keep}"><button type="submit" class="pay">确认支付</button></form>
<form method="post" action="${base}/cancel${keep}"><button type="submit" class="cancel">取消</button></form>${tail}`;
}
