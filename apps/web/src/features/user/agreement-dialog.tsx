import { useEffect, useState } from 'react';
import { AGREEMENT_TITLES, type AgreementKind } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import buttons from '../../ui/buttons.module.css';
import { Markdown } from '../../ui/markdown';
import { Modal } from '../../ui/modal';
import { loadAgreementText } from './agreement-text-api';
import styles from './agreement.module.css';

/** A document's text without its own `# 标题` line: the screen or the sheet shows the title already. */
export const withoutTitle = (body: string) => body.replace(/^#\s[^\n]*\n+/, '');

type Loaded = { body: string; version: string } | { error: string } | null;

/** The user agreement or the privacy policy (the current version, from content/agreements), in the app's bottom sheet (ui/modal). */
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
  return (
    <Modal
      open
      variant="sheet"
      title={AGREEMENT_TITLES[kind]}
      onDismiss={onClose}
      footer={
        <button type="button" className={buttons.primary} onClick={onClose}>
          我知道了
        </button>
      }
    >
      <div className={styles.dialogText}>
        {text === null ? <p>加载中…</p> : 'error' in text ? <p role="alert">{text.error}</p> : <Markdown source={withoutTitle(text.body)} appID={0} />}
      </div>
    </Modal>
  );
}
