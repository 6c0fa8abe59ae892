import { LIVE_CARD_KEYS, type LiveCard, type LiveClientFrame } from '@kaoshi/contract';
import { useState } from 'react';
import { correctRate } from './quiz-card';
import styles from '../room.module.css';

const STATE_TEXT: Record<LiveCard['state'], string> = { ready: '未推送', open: '答题中', closed: '已结束' };

/**
 * The host's panel (the host link): the pinned notice (置顶公告), the cards with 推送 / 结束答题 and their results as
 * answers come in, and writing a new card. Everything goes out as socket frames.
 */
export function HostPanel({ pinned, cards, send }: { pinned: string; cards: LiveCard[]; send: (f: LiveClientFrame) => boolean }) {
  const [notice, setNotice] = useState(pinned);
  return (
    <div className={styles.hostPanel}>
      <form
        className={styles.hostBlock}
        onSubmit={(e) => {
          e.preventDefault();
          send({ t: 'pin', text: notice.trim() });
        }}
      >
        <label className={styles.fieldLabel} htmlFor="live-pin">
          置顶公告
        </label>
        <div className={styles.inputRow}>
          <input id="live-pin" className={styles.input} value={notice} maxLength={200} onChange={(e) => setNotice(e.target.value)} placeholder="留空则取消公告" />
          <button type="submit" className={styles.send}>
            置顶
          </button>
        </div>
      </form>
      <section className={styles.hostBlock} aria-label="题卡">
        <h3 className={styles.blockTitle}>题卡</h3>
        {cards.length === 0 ? <p className={styles.quizNote}>还没有题卡</p> : null}
        <ul className={styles.cardList}>
          {cards.map((c) => (
            <li key={c.id} className={styles.cardItem}>
              <p className={styles.quizStem}>{c.stem}</p>
              <p
                className={styles.quizNote}
              >{`${STATE_TEXT[c.state]} · 答案 ${c.answer ?? '—'}${c.results ? ` · ${c.results.total}人作答 · 正确率 ${correctRate(c.results)}` : ''}`}</p>
              {c.state === 'ready' ? (
                <button type="button" className={styles.smallPrimary} onClick={() => send({ t: 'push', cardId: c.id })}>
                  推送
                </button>
              ) : null}
              {c.state === 'open' ? (
                <button type="button" className={styles.smallPrimary} onClick={() => send({ t: 'close', cardId: c.id })}>
                  结束答题
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <CardComposer send={send} />
    </div>
  );
}

/** Writing a card: the stem, two to six options, the answer and the explanation. */
function CardComposer({ send }: { send: (f: LiveClientFrame) => boolean }) {
  const [stem, setStem] = useState('');
  const [options, setOptions] = useState(['', '', '', '']);
  const [answer, setAnswer] = useState<(typeof LIVE_CARD_KEYS)[number]>('A');
  const [explanation, setExplanation] = useState('');
  const filled = options.map((o) => o.trim());
  const ready = stem.trim() !== '' && filled.every((o) => o !== '') && LIVE_CARD_KEYS.indexOf(answer) < options.length;
  const submit = () => {
    if (!ready) return;
    if (send({ t: 'card', stem: stem.trim(), options: filled, answer, explanation: explanation.trim() })) {
      setStem('');
      setOptions(['', '', '', '']);
      setAnswer('A');
      setExplanation('');
    }
  };
  return (
    <form
      className={styles.hostBlock}
      aria-label="新建题卡"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className={styles.blockTitle}>新建题卡</h3>
      <textarea className={styles.textarea} value={stem} maxLength={500} onChange={(e) => setStem(e.target.value)} placeholder="题干" aria-label="题干" rows={2} />
      {options.map((o, i) => (
        <div key={LIVE_CARD_KEYS[i]} className={styles.inputRow}>
          <span className={styles.optionKey}>{LIVE_CARD_KEYS[i]}</span>
          <input
            className={styles.input}
            value={o}
            maxLength={200}
            aria-label={`选项${LIVE_CARD_KEYS[i]}`}
            onChange={(e) => setOptions(options.map((x, j) => (j === i ? e.target.value : x)))}
          />
        </div>
      ))}
      <div className={styles.inputRow}>
        <button type="button" className={styles.smallButton} disabled={options.length >= LIVE_CARD_KEYS.length} onClick={() => setOptions([...options, ''])}>
          加一个选项
        </button>
        <button type="button" className={styles.smallButton} disabled={options.length <= 2} onClick={() => setOptions(options.slice(0, -1))}>
          删去最后一项
        </button>
        <label className={styles.fieldLabel}>
          答案
          <select className={styles.select} value={answer} onChange={(e) => setAnswer(e.target.value as typeof answer)}>
            {LIVE_CARD_KEYS.slice(0, options.length).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      </div>
      <textarea
        className={styles.textarea}
        value={explanation}
        maxLength={1000}
        onChange={(e) => setExplanation(e.target.value)}
        placeholder="解析（可不填）"
        aria-label="解析"
        rows={2}
      />
      <button type="submit" className={styles.smallPrimary} disabled={!ready}>
        保存题卡
      </button>
    </form>
  );
}
