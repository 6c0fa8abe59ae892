import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { versionBadge, type SelectedSubject } from '../../lib/subject';
import { SheetBuyPrompt } from '../../ui/buy-prompt';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { percent } from '../../lib/format';
import { ItemRow } from '../../ui/plain-list';
import { ratio } from '../../entities/sprint/api';
import { unitsQuery } from './api';
import styles from '../../ui/plain-list.module.css';

/** /zyChapter (执业·考试单元): the top chapters as 单元一、单元二… with progress, each → /zyanswer?cptID=N. */
export default function ZyChapterScreen() {
  return <SubjectPage title="考试单元">{(subject) => <Units subject={subject} />}</SubjectPage>;
}

function Units({ subject }: { subject: SelectedSubject }) {
  const q = useQuery(unitsQuery(subject.AppID));
  const navigate = useNavigate();
  const [buying, setBuying] = useState<string | null>(null);
  const state = queryState(q, subject, { feature: '章节练习' });
  if (state) return state;
  const list = q.data!.list;
  if (list.length === 0) return <StateMessage text="本科目暂无章节" />;
  return (
    <div className={styles.screen}>
      <p className={styles.muted}>{subject.AppName}</p>
      <ul className={styles.list}>
        {list.map((u) => (
          <li key={u.cptID}>
            <ItemRow
              badge={u.label.replace('单元', '')}
              title={`${u.label} ${u.name}`}
              meta={`${u.locked ? '需开通 · ' : ''}${u.chapters.length > 0 ? `${u.chapters.length}个章节 · ` : ''}已做 ${u.done}/${u.total} · 正确率 ${percent(u.accuracy)}`}
              progress={ratio(u.done, u.total)}
              disabled={u.total === 0}
              // A unit beyond the trial (it holds closed chapters): the buy prompt, not a 403 page.
              onOpen={() => (u.locked ? setBuying(`${u.label} ${u.name}`) : void navigate(`/zyanswer?cptID=${u.cptID}`))}
              label={`${u.label} ${u.name} ${u.locked ? '需开通 ' : ''}已做${u.done}/${u.total}`}
            />
          </li>
        ))}
      </ul>
      <SheetBuyPrompt
        open={buying !== null}
        currentName={versionBadge(subject)}
        versions={q.data!.unlocking}
        reason={buying ? `「${buying}」开通班次后可练习` : undefined}
        onClose={() => setBuying(null)}
      />
    </div>
  );
}
