import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AGREEMENT_KINDS, AGREEMENT_TITLES, type AgreementKind } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { Markdown } from '../../ui/markdown';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { agreementDocumentQuery } from './agreement-api';
import { withoutTitle } from './agreement-dialog';
import { versionDate } from './agreement-list-screen';
import form from './form.module.css';
import styles from './agreement-screens.module.css';

const kindOf = (v: string | null): AgreementKind => ((AGREEMENT_KINDS as readonly string[]).includes(v ?? '') ? (v as AgreementKind) : 'terms');
const versionOf = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

/**
 * /information?kind=terms|privacy[&version=YYYY-MM-DD] — one document, the current version unless one is named.
 * The markdown goes through ui/markdown (raw HTML off, allow-listed tags): nothing is inserted as HTML.
 */
export default function InformationScreen() {
  const [params] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const doc = useQuery(agreementDocumentQuery(kind, versionOf(params.get('version'))));
  const d = doc.data;
  return (
    <Page title={AGREEMENT_TITLES[kind]}>
      <div className={form.screen}>
        {doc.isPending ? (
          <StateMessage text="加载中…" />
        ) : doc.isError || !d ? (
          <StateMessage text={errorText(doc.error)} onRetry={() => void doc.refetch()} />
        ) : (
          <>
            <p className={styles.meta}>
              版本 {d.version} · {versionDate(d.effectiveAt)}生效
              {d.current ? null : <span className={styles.old}>历史版本</span>}
            </p>
            <article className={styles.doc}>
              <Markdown source={withoutTitle(d.body)} appID={0} />
            </article>
          </>
        )}
      </div>
    </Page>
  );
}
