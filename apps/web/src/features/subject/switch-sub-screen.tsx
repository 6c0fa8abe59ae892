import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { currentAgentCode } from '../../lib/agent';
import { getSelectedSubject } from '../../lib/subject';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { goBack } from '../../lib/go-back';
import { ksbClassQuery } from './api';
import { classGroups } from './class-tree';
import { LoadError, Loading } from './states';
import { SubjectRow } from './subject-row';
import { pickOf, useChooseSubject } from './use-choose';
import styles from './subject.module.css';

/**
 * /switchSub — choose a subject from the tenant's class tree (public: a guest may browse; choosing asks
 * them to log in and keeps the subject as temporaryAppinfo). Left: the classes holding subjects,
 * grouped under their top-level class; right: the subjects of the active class.
 */
export default function SwitchSubScreen() {
  const navigate = useNavigate();
  const agentCode = currentAgentCode();
  const { data, isPending, isError, error, refetch } = useQuery(ksbClassQuery(agentCode));
  const groups = useMemo(() => (data ? classGroups(data) : []), [data]);
  const selected = useMemo(getSelectedSubject, []);
  const { choose, busy } = useChooseSubject();

  const allClasses = groups.flatMap((g) => g.classes);
  const selectedClass = allClasses.find((c) => c.subjects.some((s) => s.AppID === selected?.AppID));
  const [activeID, setActiveID] = useState<number | null>(null);
  const active = allClasses.find((c) => c.ID === activeID) ?? selectedClass ?? allClasses[0];

  return (
    <Page title="选择科目" back={() => goBack(navigate, '/homePage')}>
      <div className={styles.searchBar}>
        <button type="button" className={styles.searchBox} onClick={() => navigate('/searchClass')}>
          <span className={styles.searchIcon} aria-hidden="true" />
          搜索科目名称
        </button>
      </div>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !active ? (
        <EmptyData message="暂无可选科目" />
      ) : (
        <div className={styles.tree}>
          <nav className={styles.classes} aria-label="科目分类">
            {groups.map((g) => (
              <div key={g.ID} className={styles.group}>
                <p className={styles.groupName}>{g.Name}</p>
                {g.classes.map((c) => (
                  <button
                    key={c.ID}
                    type="button"
                    className={c.ID === active.ID ? `${styles.classTab} ${styles.classTabActive}` : styles.classTab}
                    aria-pressed={c.ID === active.ID}
                    onClick={() => setActiveID(c.ID)}
                  >
                    {c.Name}
                  </button>
                ))}
              </div>
            ))}
          </nav>
          <section className={styles.subjects} aria-label={active.Name}>
            <h2 className={styles.subjectsTitle}>{active.Name}</h2>
            <ul className={styles.list}>
              {active.subjects.map((s) => (
                <SubjectRow key={s.AppID} subject={s} current={s.AppID === selected?.AppID} busy={busy !== null} onChoose={() => void choose(pickOf(s))} />
              ))}
            </ul>
          </section>
        </div>
      )}
    </Page>
  );
}
