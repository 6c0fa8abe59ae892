import { Link } from 'react-router';
import type { AddressEntry, BookItem } from '@kaoshi/contract';
import { yuan } from './format';
import base from './buy.module.css';
import styles from './shop.module.css';

interface Props {
  books: readonly BookItem[];
  chosen: readonly number[];
  onToggle(id: number): void;
  /** Where the chosen books go (the picked or default address), undefined while none is known. */
  address: AddressEntry | undefined;
  addressesLoading: boolean;
}

/** /payPage: the subject's printed books to add (配套纸质教材) and, once one is chosen, the address they go to. */
export function BooksSection({ books, chosen, onToggle, address, addressesLoading }: Props) {
  return (
    <section className={base.section} aria-labelledby="books-title">
      <h2 id="books-title" className={base.sectionTitle}>
        配套纸质教材
      </h2>
      <fieldset className={styles.methods}>
        <legend className="ks-visually-hidden">配套纸质教材</legend>
        {books.map((b) => (
          <label key={b.bookID} className={styles.method}>
            <input type="checkbox" checked={chosen.includes(b.bookID)} onChange={() => onToggle(b.bookID)} />
            <span className={styles.couponName}>
              {b.title}
              {b.description ? <small className={styles.bookNote}>{b.description}</small> : null}
            </span>
            <span className={styles.couponOff}>+{yuan(b.price)}</span>
          </label>
        ))}
      </fieldset>
      {chosen.length > 0 ? (
        <div className={styles.addressRow}>
          {address ? (
            <p className={styles.addressText}>
              <strong>
                {address.userName} {address.phone}
              </strong>
              <span>
                {address.address} {address.details}
              </span>
            </p>
          ) : (
            <p className={styles.addressText}>{addressesLoading ? '加载中…' : '请添加收货地址'}</p>
          )}
          <Link className={styles.more} to="/expressAddress?pick=1">
            {address ? '更换地址' : '添加地址'}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
