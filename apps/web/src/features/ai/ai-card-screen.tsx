import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARD_GRADE_NAMES, testMode, type CardGrade } from '@kaoshi/contract';
import { useNavigate } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { alertMsg } from '../../ui/dialogs';
import { errorText } from '../../lib/error-text';
import { RichText } from '../../ui/rich-text';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { qs } from '../../entities/study/url';
import { aiKeys, cardsQuery, emptyTally, gradeCard, type CardRow, type Tally } from './api';
import styles from './ai.module.css';

const ROW = testMode('AIcard')!;

/**
 * /AIcard (AI考点卡): flash cards of the knowledge points in the server's order (unseen first, then 不认识,
 * 模糊, 认识 by oldest seen). Tap the card to turn it; 认识 / 模糊 / 不认识 stores the grade and moves on;
 * 不认识 also offers 练一练 (the point's questions in the player).
 */
export default function AiCardScreen() {
  return <SubjectPage title={ROW.title}>{(subject) => <Cards subject={subject} />}</SubjectPage>;
}

function Cards({ subject }: { subject: SelectedSubject }) {
  const cards = useQuery(cardsQuery(subject.AppID));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [forgot, setForgot] = useState<CardRow | null>(null);
  const [tally, setTally] = useState<Tally>(emptyTally);
  const grade = useMutation({
    mutationFn: ({ card, g }: { card: CardRow; g: CardGrade }) => gradeCard(subject.AppID, card.point, g),
    onSuccess: (_data, { card, g }) => {
      setTally((t) => ({ ...t, [g]: t[g] + 1 }));
      setForgot(g === 'forgot' ? card : null);
      setFlipped(false);
      setIndex((i) => i + 1);
    },
    onError: (err) => void alertMsg(errorText(err)),
  });

  const state = queryState(cards, subject, { feature: ROW.title });
  if (state) return state;
  const list = cards.data!;
  if (list.length === 0) return <StateMessage text="本科目的试题还没有标注知识点" />;

  const practise = (card: CardRow) => void navigate(`/answerTest${qs({ source: 'points', point: card.name })}`);
  const offer = forgot ? (
    <div className={styles.offer} role="status">
      <span>{`「${forgot.name}」还不熟，做几道题巩固一下？`}</span>
      <button type="button" className={styles.primarySmall} onClick={() => practise(forgot)}>
        练一练
      </button>
    </div>
  ) : null;

  if (index >= list.length) {
    return (
      <div className={styles.screen}>
        {offer}
        <section className={styles.hero} aria-label="本轮小结">
          <h2 className={styles.cardTitle}>本轮考点卡已看完</h2>
          <p className={styles.muted}>{`认识 ${tally.know} · 模糊 ${tally.vague} · 不认识 ${tally.forgot}`}</p>
          <p className={styles.muted}>再来一轮时，没看过和不认识的考点会排在前面。</p>
          <div className={styles.actions} style={{ marginTop: 12 }}>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                setIndex(0);
                setForgot(null);
                setTally(emptyTally());
                void queryClient.invalidateQueries({ queryKey: aiKeys.cards(subject.AppID) });
              }}
            >
              再来一轮
            </button>
            <button type="button" className={styles.secondary} onClick={() => void navigate('/AICoreExamTest')}>
              AI核心考点
            </button>
          </div>
        </section>
      </div>
    );
  }

  const card = list[index]!;
  return (
    <div className={styles.screen}>
      <div className={styles.progress}>
        <span>{`第 ${index + 1} / ${list.length} 张`}</span>
        <span>{`认识 ${tally.know} · 模糊 ${tally.vague} · 不认识 ${tally.forgot}`}</span>
      </div>
      {offer}
      {flipped ? (
        <section className={styles.flipBack} aria-label={`${card.name} 要点`}>
          <p className={styles.cardName} style={{ fontSize: 17 }}>
            {card.name}
          </p>
          <ul className={styles.tips}>
            {card.back.map((t) => (
              <li key={t}>
                <RichText text={t} appID={subject.AppID} />
              </li>
            ))}
          </ul>
          <button type="button" className={styles.link} onClick={() => void navigate(`/testdetails${qs({ allTestID: card.sample })}`)}>
            看一道例题
          </button>
          <button type="button" className={styles.link} onClick={() => setFlipped(false)}>
            翻回正面
          </button>
        </section>
      ) : (
        <button type="button" className={styles.flip} aria-label={`${card.name}，点击翻面`} onClick={() => setFlipped(true)}>
          {card.grade ? <span className={styles.badge}>{`上次：${CARD_GRADE_NAMES[card.grade]}`}</span> : <span className={styles.badge}>新卡片</span>}
          <p className={styles.cardName}>{card.name}</p>
          <p className={styles.cardChapter}>{card.front}</p>
          <p className={styles.muted}>先回想这个考点的要点，再点击翻面核对</p>
        </button>
      )}
      <div className={styles.grades} role="group" aria-label="掌握程度">
        {(['know', 'vague', 'forgot'] as const).map((g) => (
          <button key={g} type="button" className={styles[g]} disabled={grade.isPending} onClick={() => grade.mutate({ card, g })}>
            {CARD_GRADE_NAMES[g]}
          </button>
        ))}
      </div>
    </div>
  );
}
