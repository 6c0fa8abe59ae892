import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { SelectedSubject } from '../../lib/subject';
import { Highlighted, LoadMore } from '../../entities/study/question-answer';
import { SearchBox } from '../../ui/search-box';
import { queryState, StateMessage } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { matchExcerpt, typeName } from '../../entities/study/format';
import { qs } from '../../entities/study/url';
import { searchQuery } from '../../entities/study/api';
import styles from './study.module.css';
import itemsCss from './item-list.module.css';

export const KEYWORD_MAX = 50;

/** /searchExam?keyword= (搜题): the subject's questions holding the words, 10 at a time. */
export default function SearchExamScreen() {
  return <SubjectPage title="搜题">{(subject) => <Search subject={subject} />}</SubjectPage>;
}

function Search({ subject }: { subject: SelectedSubject }) {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
  const [draft, setDraft] = useState(keyword);
  const [problem, setProblem] = useState('');
  const results = useInfiniteQuery(searchQuery(subject.AppID, keyword));
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const k = draft.trim();
    if (!k) {
      setProblem('请输入要搜索的关键词');
      return;
    }
    setProblem('');
    setParams({ keyword: k }, { replace: true });
  };

  const items = results.data?.pages.flatMap((p) => p.list) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const state = keyword ? queryState(results, subject, { loading: '搜索中…' }) : null;

  return (
    <div className={styles.screen}>
      <SearchBox label="搜索关键词" placeholder="输入题干、选项或解析中的词语" value={draft} maxLength={KEYWORD_MAX} onChange={setDraft} onSubmit={submit} problem={problem} />
      {!keyword ? (
        <StateMessage text={`在「${subject.AppName}」的题库中搜索：输入题干、选项、解析或考点里的词语`} />
      ) : (
        (state ??
        (items.length === 0 ? (
          <StateMessage text={`没有找到包含“${keyword}”的题目，换个词试试`} />
        ) : (
          <>
            <div className={itemsCss.headRow}>
              <p className={styles.muted}>找到 {total} 题</p>
              <button type="button" className={styles.primarySmall} onClick={() => void navigate(`/answerTest${qs({ source: 'search', keyword })}`)}>
                练习这些题
              </button>
            </div>
            <ul className={itemsCss.items} aria-label="搜索结果">
              {items.map((q) => {
                const ex = matchExcerpt(q, keyword);
                return (
                  <li key={q.allTestID} className={itemsCss.item}>
                    <button type="button" className={itemsCss.itemMain} onClick={() => void navigate(`/testdetails?allTestID=${q.allTestID}`)}>
                      <span className={styles.typeTag}>{typeName(q)}</span>
                      <span className={itemsCss.clamp} data-testid="excerpt">
                        {ex.where ? <span className={itemsCss.where}>{ex.where}：</span> : null}
                        <Highlighted text={ex.text} keyword={keyword} />
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <LoadMore hasMore={results.hasNextPage} loading={results.isFetchingNextPage} onMore={() => void results.fetchNextPage()} />
          </>
        )))
      )}
    </div>
  );
}
