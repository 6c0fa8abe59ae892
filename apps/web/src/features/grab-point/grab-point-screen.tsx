import { useMutation, useQuery } from '@tanstack/react-query';
import { GRAB_ROUND_SECONDS, GRAB_ROUND_SIZE, testMode, type UnlockingVersion } from '@kaoshi/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { UnlockPanel } from '../../ui/unlock-panel';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { alertMsg } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { deniedVersions } from '../../lib/denied-versions';
import { sessionPlayerPath, sessionResultPath } from '../../entities/practice/session-source';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { grabInfoQuery, marks, pct, startRound, type GrabInfo } from './api';
import styles from './grab-point.module.css';

const ROW = testMode('grabPoint')!;
const MINUTES = GRAB_ROUND_SECONDS / 60;
/** Points named on the product page (a taste of what the rounds would work on). */
const TEASER_POINTS = 3;

/**
 * /grabPoint (考前抢分), docs/clearance-grabpoint.md. Holders of module grabPoint see the hot points they still
 * miss (weakest first), the last round's gain ('本轮抢回 x 分') and 开始抢分 / 继续本轮 into the player
 * (/answerTest?source=session, 5 minutes, handed in at 0). Everybody else sees the product page: what it
 * gives, their own missing points as a taste, the versions that unlock it and 去开通.
 */
export default function GrabPointScreen() {
  return <SubjectPage title={ROW.title}>{(subject) => <GrabPoint subject={subject} />}</SubjectPage>;
}

function GrabPoint({ subject }: { subject: SelectedSubject }) {
  const info = useQuery(grabInfoQuery(subject.AppID));
  if (info.isPending && !info.isError) return <StateMessage text="正在分析你的高频考点…" />;
  const state = queryState(info, subject, { feature: ROW.title });
  if (state) return state;
  return info.data!.allowed ? <Rounds subject={subject} info={info.data!} /> : <ProductPage subject={subject} info={info.data!} />;
}

function Rounds({ subject, info }: { subject: SelectedSubject; info: GrabInfo }) {
  const navigate = useNavigate();
  const [denied, setDenied] = useState<UnlockingVersion[] | null>(null);
  const start = useMutation({
    mutationFn: () => startRound(subject.AppID),
    onSuccess: (s) => void navigate(sessionPlayerPath(s.examHistoryID)),
    onError: (err) => {
      const versions = deniedVersions(err);
      if (versions) setDenied(versions);
      else void alertMsg(errorText(err));
    },
  });
  const go = () => (info.open !== null ? void navigate(sessionPlayerPath(info.open)) : start.mutate());
  const nothing = info.points.length === 0 && info.open === null;

  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-label={ROW.title}>
        <h2 className={styles.cardTitle}>{ROW.blurb}</h2>
        <p className={styles.muted}>{`每轮${GRAB_ROUND_SIZE}题，限时${MINUTES}分钟，到时自动交卷；答对的题按考试分值计入“抢回的分”。`}</p>
        <div className={styles.figures}>
          <span className={styles.figure}>
            <strong>{info.points.length}</strong>待抢考点
          </span>
          <span className={styles.figure}>
            <strong>{info.missingTotal}</strong>待抢题目
          </span>
          <span className={styles.figure}>
            <strong>{info.rounds}</strong>已完成轮数
          </span>
        </div>
        {nothing ? (
          <p className={styles.done}>高频考点的题目你已全部答对，暂无可抢的分</p>
        ) : (
          <button type="button" className={styles.primary} disabled={start.isPending} onClick={go}>
            {start.isPending ? '正在出题…' : info.open !== null ? '继续本轮' : '开始抢分'}
          </button>
        )}
      </section>

      {info.last ? (
        <section className={styles.card} aria-label="上一轮">
          <h2 className={styles.gain}>
            本轮抢回 <strong>{marks(info.last.gained)}</strong> 分
          </h2>
          <p className={styles.muted}>{`上一轮（第${info.rounds}轮）答对 ${info.last.right}/${info.last.total} 题`}</p>
          <button type="button" className={styles.link} onClick={() => void navigate(sessionResultPath(info.last!.examHistoryID))}>
            查看本轮解析
          </button>
        </section>
      ) : null}

      {info.points.length > 0 ? (
        <section className={styles.card} aria-label="待抢的高频考点">
          <h2 className={styles.cardTitle}>待抢的高频考点</h2>
          <p className={styles.muted}>掌握度最低的排在前面，每轮从前面的考点出题</p>
          <ol className={styles.points}>
            {info.points.map((p) => (
              <li key={p.point} className={styles.point}>
                <span className={styles.pointName}>{p.name}</span>
                <span className={styles.missing}>{`还差 ${p.missing} 题`}</span>
                <span className={styles.bar} role="progressbar" aria-label={`${p.name} 掌握度`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(p.mastery * 100)}>
                  <span className={styles.barFill} style={{ width: `${p.mastery * 100}%` }} />
                </span>
                <span className={styles.mastery}>{`掌握度 ${pct(p.mastery)}`}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <SheetBuyPrompt open={denied !== null} currentName={versionBadge(subject)} versions={denied ?? []} onClose={() => setDenied(null)} />
    </div>
  );
}

/** What the module gives, the learner's own missing points as a taste, the unlocking versions and 去开通. */
function ProductPage({ subject, info }: { subject: SelectedSubject; info: GrabInfo }) {
  const taste = info.points.slice(0, TEASER_POINTS);

  return (
    <div className={styles.screen}>
      <section className={styles.hero} aria-label={ROW.title}>
        <h2 className={styles.cardTitle}>考前最后冲刺，把丢掉的分抢回来</h2>
      </section>
      <ul className={styles.features} aria-label="包含内容">
        <li className={styles.feature}>
          <h3>只练高频考点</h3>
          <p className={styles.muted}>从题库中考频最高的考点出题，不在冷门内容上浪费时间。</p>
        </li>
        <li className={styles.feature}>
          <h3>专攻没掌握的题</h3>
          <p className={styles.muted}>只出你还没答对的题，掌握度最低的考点优先。</p>
        </li>
        <li className={styles.feature}>
          <h3>{`每轮${MINUTES}分钟`}</h3>
          <p className={styles.muted}>{`每轮${GRAB_ROUND_SIZE}题限时作答，交卷后告诉你本轮抢回了多少分。`}</p>
        </li>
      </ul>
      {taste.length > 0 ? (
        <section className={styles.card} aria-label="你的待抢考点">
          <h2 className={styles.cardTitle}>{`你还有 ${info.points.length} 个高频考点没有掌握（共 ${info.missingTotal} 题）`}</h2>
          <ol className={styles.points}>
            {taste.map((p) => (
              <li key={p.point} className={styles.point}>
                <span className={styles.pointName}>{p.name}</span>
                <span className={styles.missing}>{`还差 ${p.missing} 题`}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <UnlockPanel current={versionBadge(subject)} versions={info.unlocking} />
    </div>
  );
}
