import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { currentAgentCode } from '../../lib/agent';
import { getSelectedSubject } from '../../lib/subject';
import { Page } from '../../ui/page';
import { goBack } from '../../lib/go-back';
import { searchQuery } from './api';
import { LoadError, Loading, Message } from './states';
import { SubjectRow } from './subject-row';
import { pickOf, useChooseSubject } from './use-choose';
import styles from './subject.module.css';

export const SEARCH_DEBOUNCE_MS = 300;
/** The contract's limit of the keyword (searchAppEName: 关键词, 50). */
const MAX_KEYWORD = 50;
const normalise = (value: string) => value.trim().slice(0, MAX_KEYWORD);

/**
 * /searchClass — search the tenant's subjects by name, class or code (public, like /switchSub: it only
 * reads the catalog). The keyword lives in the URL (?keyword=) so back and refresh keep it; typing
 * searches after a pause, Enter searches at once.
 */
export default function SearchClassScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = normalise(params.get('keyword') ?? '');
  const [text, setText] = useState(params.get('keyword') ?? '');
  const agentCode = currentAgentCode();
  const { data, isFetching, isError, error, refetch } = useQuery(searchQuery(keyword, agentCode));
  const selected = useMemo(getSelectedSubject, []);
  const { choose, busy } = useChooseSubject();

  // Only a real change navigates (each navigation runs the route guards).
  const inUrl = params.get('keyword') ?? '';
  const commit = useCallback(
    (value: string) => {
      const next = normalise(value);
      if (next === inUrl) return;
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next) p.set('keyword', next);
          else p.delete('keyword');
          return p;
        },
        { replace: true },
      );
    },
    [inUrl, setParams],
  );

  useEffect(() => {
    if (normalise(text) === inUrl) return;
    const t = window.setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, inUrl, commit]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    commit(text);
  };

  const list = data?.list ?? [];
  let body;
  if (!keyword) body = <Message text="输入科目名称、类别或代码搜索，例如：护士" />;
  else if (isError) body = <LoadError error={error} onRetry={() => void refetch()} />;
  else if (!data && isFetching) body = <Loading text="搜索中…" />;
  else if (list.length === 0) body = <Message text="没有找到相关科目" />;
  else
    body = (
      <ul className={`${styles.list} ${styles.results}`} aria-label="搜索结果">
        {list.map((s) => (
          <SubjectRow key={s.AppID} subject={s} showClass current={s.AppID === selected?.AppID} busy={busy !== null} onChoose={() => void choose(pickOf(s))} />
        ))}
      </ul>
    );

  return (
    <Page title="搜索科目" back={() => goBack(navigate, '/switchSub')}>
      <form className={styles.searchBar} role="search" onSubmit={onSubmit}>
        <label className={styles.searchField}>
          <span className={styles.searchIcon} aria-hidden="true" />
          <span className="ks-visually-hidden">科目名称</span>
          <input
            className={styles.searchInput}
            type="search"
            enterKeyHint="search"
            autoFocus
            maxLength={MAX_KEYWORD}
            placeholder="请输入科目名称"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        <button type="submit" className={styles.searchSubmit}>
          搜索
        </button>
      </form>
      {body}
    </Page>
  );
}
