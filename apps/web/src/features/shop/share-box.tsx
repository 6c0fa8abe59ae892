import { useEffect, useRef, useState } from 'react';
import { toCanvas } from 'qrcode';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { toast } from '../../ui/dialogs';
import { shareLink } from './api';
import styles from './shop.module.css';

/** A link to pass on: said what it is for, drawn as a QR code (named `label`), and copied with one tap. */
export function LinkShare({ link, label, hint }: { link: string; label: string; hint: string }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    if (canvas.current) void toCanvas(canvas.current, link, { width: 200, margin: 2 });
  }, [link]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast('链接已复制');
    } catch {
      toast('请长按链接复制');
    }
  }

  return (
    <div className={styles.shareBox}>
      <p className={styles.hint}>{hint}</p>
      <canvas ref={canvas} className={styles.qr} role="img" aria-label={label} data-share-url={link} />
      <p className={styles.shareLink}>{link}</p>
      <button type="button" className={buttons.primary} onClick={() => void copy()}>
        复制链接
      </button>
    </div>
  );
}

/** 请人代付 on /buyCallback: makes the order's share link, shows it as a QR code and a link to copy. */
export function ShareBox({ orderID }: { orderID: string }) {
  const [link, setLink] = useState<string | null>(null);

  async function make() {
    try {
      setLink(await shareLink(orderID));
    } catch (err) {
      toast(errorText(err));
    }
  }

  if (!link) {
    return (
      <button type="button" className={buttons.secondary} onClick={() => void make()}>
        请人代付
      </button>
    );
  }
  return <LinkShare link={link} label="代付二维码" hint="把链接或二维码发给家人朋友，对方无需登录即可代付：" />;
}
