import { useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_MSG } from '@kaoshi/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { positiveInt } from '../../lib/url-params';
import type { SelectedSubject } from '../../lib/subject';
import { RichText } from '../../ui/rich-text';
import { CardBack } from './components/card-back';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { pointCardsQuery, type ShorthandCard } from './api';
import { cardStateText, chinaMonthDay, feedbackPath } from './shorthand-text';
import styles from './reading.module.css';
import sh from './shorthand.module.css';

/** /knowlegeShorthand?pointID=N: one knowledge point's 速记 cards with my schedule of each, and 加入今日复习. */
export function PointCardsScreen() {
  return <SubjectPage title="知识点速记">{(subject) => <PointCardsBody subject={subject} />}</SubjectPage>;
}

function PointCardsBody({ subject }: { subject: SelectedSubject }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pointID = positiveInt(params.get('pointID'));
  const cards = useQuery({ ...pointCardsQuery(subject.AppID, pointID ?? 0), enabled: pointID !== null });
  if (pointID === null) return <StateMessage text={KNOWLEDGE_MSG.unknownPoint} />;
  // A point of a locked chapter is refused (403 with the versions that open it): the buy state, as on every locked screen.
  const pending = queryState(cards, subject, { feature: '速记' });
  if (pending) return pending;
  const data = cards.data!;
  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-label="知识点">
        <h2 className={styles.cardTitle}>{data.point.name}</h2>
        <p className={styles.muted}>{`共 ${data.cards.length} 张速记卡`}</p>
        <div className={sh.actionsTop}>
          <Link className={styles.link} to={`/knowlegeInContent?pointID=${data.point.id}`}>
            查看知识点
          </Link>
          <button type="button" className={styles.primary} disabled={data.cards.length === 0} onClick={() => void navigate(`/newsiteShorthand?pointID=${data.point.id}`)}>
            加入今日复习
          </button>
        </div>
      </section>
      {data.cards.length === 0 ? <p className={styles.muted}>该知识点暂无速记卡</p> : null}
      {data.cards.map((c, i) => (
        <CardItem key={c.id} card={c} n={i + 1} appID={subject.AppID} />
      ))}
    </div>
  );
}

/** A card: the front; a tap shows the back and the mnemonic (口诀); its schedule below. */
function CardItem({ card, n, appID }: { card: ShorthandCard; n: number; appID: number }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={styles.card} aria-label={`卡片 ${n}`}>
      <button type="button" className={sh.cardButton} aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={sh.front}>
          <RichText text={card.front} appID={appID} />
        </span>
        <span className={sh.hint}>{open ? '收起答案' : '点击查看答案'}</span>
      </button>
      {open ? <CardBack card={card} appID={appID} /> : null}
      <div className={sh.meta}>
        <span className={sh.pill}>{cardStateText(card.state)}</span>
        {card.state ? <span>{`下次复习 ${chinaMonthDay(card.state.due)}`}</span> : null}
        <Link className={sh.small} to={feedbackPath('card', card.id)}>
          纠错
        </Link>
      </div>
    </section>
  );
}
