import { useId, type FormEvent } from 'react';
import styles from './search-box.module.css';

interface Props {
  /** The field's accessible name (e.g. 搜索关键词). */
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  /** Why the last search was refused, shown under the box and tied to the field. */
  problem?: string;
}

/** A search form (role search): the field, 搜索, and the problem of the last try if any. */
export function SearchBox({ label, placeholder, value, maxLength, onChange, onSubmit, problem }: Props) {
  const problemId = useId();
  return (
    <>
      <form className={styles.box} role="search" onSubmit={onSubmit} noValidate>
        <input
          type="search"
          enterKeyHint="search"
          aria-label={label}
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        <button type="submit">搜索</button>
      </form>
      {problem ? (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
