import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { testMode } from '@kaoshi/contract';
import { useNavigate, useSearchParams } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { useStartMode } from '../../entities/exam-center/use-start';
import { RichText } from '../../ui/rich-text';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { focalCount, pct, tipsQuery, type TipsPointRow } from './api';
import styles from './ai.module.css';

const ROW = testMode('focalPointTest')!;
/** Tips shown before 展开全部. */
const TIPS_FOLDED = 2;

/**
 * /focalPointTest (重点考点测试): the subject's hot points (or, with ?cptID=, every point of a chapter) by
 * heat, each with the learner's mastery and its tips (the 【…】 sentences of its explanations); 开始测试 starts
 * a drawn exam of the point (simulationTest/start {testMode: 'focalPointTest', key: point}) → /computerPaper.
 */
export default function FocalPointTestScreen() {
  return <SubjectPage title={ROW.title}>{(subject) => <Points subject={subject} />}</SubjectPage>;
}

function Points({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const cpt = Number(params.get('cptID'));
  const cptID = Number.isInteger(cpt) && cpt > 0 ? cpt : undefined;
  const tips = useQuery(tipsQuery(subject.AppID, cptID));
  const starter = useStartMode(subject);
  const navigate = useNavigate();
  const state = queryState(tips, subject, { feature: ROW.title });
  if (state) return state;
  const list = tips.data!;
  const count = typeof ROW.draw?.count === 'number' ? ROW.draw.count : 20;

  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-label={ROW.title}>
        <h2 className={styles.cardTitle}>{cptID ? '本章考点' : '高频考点'}</h2>
        <p className={styles.muted}>{`${ROW.blurb}：每次从该考点抽取最多${count}题，${ROW.timing}，${ROW.scoring}。`}</p>
        <div className={styles.actions} style={{ marginTop: 10 }}>
          <button type="button" className={styles.secondarySmall} onClick={() => void navigate(`/examHistory?appID=${subject.AppID}&testMode=focalPointTest`)}>
            测试记录
          </button>
        </div>
      </section>
      {list.length === 0 ? <StateMessage text="内容更新中，敬请期待～" /> : null}
      <ol className={styles.list} aria-label="考点">
        {list.map((p) => (
          <PointCard
            key={p.point}
            p={p}
            appID={subject.AppID}
            count={focalCount(p.total, count)}
            busy={starter.busy}
            onStart={() => starter.start({ testMode: ROW.id, key: p.point })}
          />
        ))}
      </ol>
      {starter.prompt}
    </div>
  );
}

function PointCard({ p, appID, count, busy, onStart }: { p: TipsPointRow; appID: number; count: number; busy: boolean; onStart: () => void }) {
  const [open, setOpen] = useState(false);
  const shown = open ? p.tips : p.tips.slice(0, TIPS_FOLDED);
  return (
    <li className={styles.point} aria-label={p.name}>
      <div className={styles.pointHead}>
        <span className={styles.pointName}>{p.name}</span>
        <span className={styles.heat}>{`热度 ${Math.round(p.heat)}`}</span>
      </div>
      <span className={styles.bar} role="progressbar" aria-label={`${p.name} 掌握度`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(p.mastery * 100)}>
        <span className={styles.barFill} style={{ width: `${p.mastery * 100}%` }} />
      </span>
      <div className={styles.meta}>
        <span>{`掌握度 ${pct(p.mastery)}`}</span>
        <span>{`题库占比 ${pct(p.weight)}`}</span>
        <span>{`共${p.total}题`}</span>
      </div>
      {shown.length > 0 ? (
        <ul className={styles.tips} aria-label={`${p.name} 要点`}>
          {shown.map((t) => (
            <li key={t}>
              <RichText text={t} appID={appID} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.pointFoot}>
        {p.tips.length > TIPS_FOLDED ? (
          <button type="button" className={styles.link} onClick={() => setOpen(!open)}>
            {open ? '收起要点' : `展开全部${p.tips.length}条要点`}
          </button>
        ) : (
          <span />
        )}
        <button type="button" className={styles.primarySmall} disabled={busy} onClick={onStart}>
          {`开始测试（${count}题）`}
        </button>
      </div>
    </li>
  );
}
