import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';
import styles from './guest.module.css';

/** A QR code of `text`, drawn as an image (named by `label`); nothing until it is made. */
export function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    toDataURL(text, { width: 360, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => active && setSrc(url),
      () => active && setSrc(null),
    );
    return () => {
      active = false;
    };
  }, [text]);
  return src ? <img className={styles.qr} src={src} alt={label} width={180} height={180} /> : <div className={styles.qr} role="img" aria-label={label} />;
}
