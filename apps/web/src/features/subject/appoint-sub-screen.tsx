import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SUBJECT_MSG, type SubjectEntry } from '@kaoshi/contract';
import { currentAgentCode } from '../../lib/agent';
import { Page } from '../../ui/page';
import { goBack } from '../../lib/go-back';
import { ksbClassQuery, levelName, searchQuery } from './api';
import type { ChooseOutcome } from '../../entities/subject/choose-subject';
import { LoadError, Loading } from './states';
import { pickOf, useChooseSubject } from './use-choose';
import styles from './subject.module.css';

/** The appointed subject of the URL: ?appID= (digits) or ?appEName=, and an optional &vn=. */
export function appointParams(params: URLSearchParams): { appID: number | null; appEName: string; vn: string | undefined } {
  const rawID = (params.get('appID') ?? '').trim();
  const appID = /^\d{1,10}$/.test(rawID) && Number(rawID) > 0 ? Number(rawID) : null;
  const appEName = (params.get('appEName') ?? '').trim().slice(0, 50);
  const vn = (params.get('vn') ?? '').trim().slice(0, 32) || undefined;
  return { appID, appEName, vn };
}

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * /appointSub — a deep link that appoints a subject (a campaign, a partner page, a QR code). The
 * subject is looked up in the tenant's catalog (getKsbClass, else searchAppEName by its code), shown as
 * a card, and chosen (spec §4) with the given vn; success leads to /homePage. A subject the tenant
 * does not list is '该科目已下架，请使用其他科目' with a way to /switchSub.
 */
export default function AppointSubScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { appID, appEName, vn } = appointParams(params);
  const agentCode = currentAgentCode();
  const hasTarget = appID !== null || appEName !== '';

  const catalog = useQuery({ ...ksbClassQuery(agentCode), enabled: hasTarget });
  const inCatalog: SubjectEntry | undefined = catalog.data?.subjects.find((s) => (appID !== null ? s.AppID === appID : sameCode(s.AppEName, appEName)));
  const needSearch = catalog.isSuccess && !inCatalog && appID === null && appEName !== '';
  const search = useQuery({ ...searchQuery(appEName, agentCode), enabled: needSearch });
  const found = inCatalog ?? search.data?.list.find((s) => sameCode(s.AppEName, appEName));

  const { choose, busy } = useChooseSubject();
  const [outcome, setOutcome] = useState<ChooseOutcome | 'failed' | null>(null);
  const started = useRef<number | null>(null);

  const run = (s: SubjectEntry) => {
    started.current = s.AppID;
    setOutcome(null);
    void choose(pickOf(s, vn)).then((out) => setOutcome(out ?? 'failed'));
  };

  useEffect(() => {
    // Once per found subject (the ref also keeps StrictMode's second effect run from choosing twice).
    if (found && started.current !== found.AppID) run(found);
  }, [found]); // eslint-disable-line react-hooks/exhaustive-deps

  const searching = hasTarget && (catalog.isPending || (needSearch && search.isPending));
  const failed = catalog.isError ? catalog : needSearch && search.isError ? search : null;
  const unknown = !hasTarget || (!found && !searching && !failed);

  let body;
  if (failed) body = <LoadError error={failed.error} onRetry={() => void failed.refetch()} />;
  else if (searching) body = <Loading text="正在查找科目…" />;
  else if (unknown || outcome === 'failed' || outcome?.kind === 'offShelf') {
    body = (
      <div className={styles.appoint}>
        {found && outcome !== 'failed' ? <SubjectCard subject={found} /> : null}
        <p className={styles.appointMessage} role="alert">
          {outcome === 'failed' ? '科目进入失败，请稍后重试' : SUBJECT_MSG.subjectOffShelf}
        </p>
        {outcome === 'failed' && found ? (
          <button type="button" className={styles.primaryButton} onClick={() => run(found)}>
            重试
          </button>
        ) : null}
        <button type="button" className={styles.allButton} onClick={() => navigate('/switchSub', { replace: true })}>
          选择其他科目
        </button>
      </div>
    );
  } else if (found) {
    body = (
      <div className={styles.appoint}>
        <SubjectCard subject={found} />
        <p className={styles.appointStatus} role="status">
          {busy !== null || outcome === null ? '正在进入科目…' : outcome.kind === 'guest' ? '请登录后使用' : '正在进入科目…'}
        </p>
      </div>
    );
  }

  return (
    <Page title="指定科目" back={() => goBack(navigate, '/homePage')}>
      {body}
    </Page>
  );
}

function SubjectCard({ subject }: { subject: SubjectEntry }) {
  const level = levelName(subject.Level);
  return (
    <section className={styles.card} aria-label="科目">
      <div className={styles.cardIcon} aria-hidden="true">
        {Array.from(subject.AppName)[0] ?? '科'}
      </div>
      <h2 className={styles.cardName}>{subject.AppName}</h2>
      <p className={styles.cardMeta}>{[subject.CName, level].filter(Boolean).join(' · ')}</p>
    </section>
  );
}
