import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { currentAgentCode } from '../../lib/agent';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { goBack } from '../../lib/go-back';
import { BannerCarousel } from '../../entities/home/banner-carousel';
import { switchBannersQuery } from './api';
import { recentSubjects } from '../../lib/recent-subjects';
import { pickOf, useChooseSubject } from './use-choose';
import styles from './subject.module.css';

/**
 * /switchBanner — the subject switcher in banner style: the tenant's 'switch' banners, the subjects
 * recently chosen on this device ('最近使用', local 'recentSubjects'), and '全部科目' (/switchSub).
 * Banners are optional: a failed or missing Publish simply shows none.
 */
export default function SwitchBannerScreen() {
  const navigate = useNavigate();
  const agentCode = currentAgentCode();
  const { data: banners = [] } = useQuery(switchBannersQuery(agentCode));
  const selected = useMemo(getSelectedSubject, []);
  const [recent] = useState(recentSubjects);
  const { choose, busy } = useChooseSubject();

  return (
    <Page title="切换科目" back={() => goBack(navigate, '/homePage')}>
      <BannerCarousel className={styles.carousel} banners={banners} appID={selected?.AppID} onOpen={(to) => void navigate(to)} />
      <section className={styles.section} aria-labelledby="recent-title">
        <h2 id="recent-title" className={styles.sectionTitle}>
          最近使用
        </h2>
        {recent.length > 0 ? (
          <ul className={styles.chips}>
            {recent.map((s) => {
              const current = s.AppID === selected?.AppID;
              return (
                <li key={s.AppID}>
                  <button
                    type="button"
                    className={current ? `${styles.chip} ${styles.chipCurrent}` : styles.chip}
                    disabled={busy !== null}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => void choose(pickOf(s))}
                  >
                    <span className={styles.chipName}>{s.AppName}</span>
                    <span className={styles.chipMeta}>{current ? '当前' : s.CName}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.sectionEmpty}>还没有最近使用的科目</p>
        )}
      </section>
      <div className={styles.section}>
        <button type="button" className={styles.allButton} onClick={() => navigate('/switchSub')}>
          全部科目
        </button>
      </div>
    </Page>
  );
}
