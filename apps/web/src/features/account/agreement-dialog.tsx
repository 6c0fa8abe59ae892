import { useEffect, useState } from 'react';
import { AGREEMENT_TITLES, type AgreementKind } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { Markdown } from '../../ui/markdown';
import { loadAgreementText } from './agreement-text-api';
import styles from './agreement.module.css';

/** A document's text without its own `# 标题` line: the screen or the sheet shows the title already. */
export const withoutTitle = (body: string) => body.replace(/^#\s[^\n]*\n+/, '');

type Loaded = { body: string; version: string } | { error: string } | null;

/** The user agreement or the privacy policy (the current version, from content/agreements), in a simple modal sheet. */
export default function AgreementDialog({ kind, onClose }: { kind: AgreementKind; onClose: () => void }) {
  const [text, setText] = useState<Loaded>(null);
  useEffect(() => {
    let live = true;
    loadAgreementText(kind).then(
      (d) => live && setText({ body: d.body, version: d.version }),
      (err: unknown) => live && setText({ error: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.mask} onClick={onClose}>
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby="agreement-title" onClick={(e) => e.stopPropagation()}>
        <h2 id="agreement-title" className={styles.title}>
          {AGREEMENT_TITLES[kind]}
        </h2>
        <div className={styles.body}>
          {text === null ? <p>加载中…</p> : 'error' in text ? <p role="alert">{text.error}</p> : <Markdown source={withoutTitle(text.body)} appID={0} />}
        </div>
        <button type="button" className={styles.close} onClick={onClose}>
          我知道了
        </button>
      </div>
    </div>
  );
}
