import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressEntry } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { sessionCache } from '../../lib/storage';
import buttons from '../../ui/buttons.module.css';
import { confirm, toast } from '../../ui/dialogs';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { addressesQuery, buyKeys, deleteAddress, sendBooksTo } from './api';
import { AddressForm } from './address-form';
import base from './buy.module.css';
import styles from './address.module.css';

/**
 * /expressAddress — the learner's address book (收货地址): add, change, delete, set the default. Opened to choose
 * (?pick=1 from /payPage, or ?order=<orderID> to send an order's books elsewhere), a tap on an address chooses it
 * and goes back.
 */
export default function ExpressAddressScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const picking = params.get('pick') === '1';
  const order = params.get('order');
  const { data, isPending, isError, error, refetch } = useQuery(addressesQuery());
  const [editing, setEditing] = useState<AddressEntry | 'new' | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: buyKeys.addresses() });

  async function choose(a: AddressEntry) {
    if (order) {
      try {
        await sendBooksTo(order, a.id);
        toast('收货地址已更新');
        void queryClient.invalidateQueries({ queryKey: buyKeys.delivery(order) });
      } catch (err) {
        return toast(errorText(err));
      }
    } else sessionCache.set('pickedAddress', String(a.id));
    void navigate(-1);
  }

  async function remove(a: AddressEntry) {
    if (!(await confirm({ title: '删除地址', content: `确定删除 ${a.userName} 的地址吗？` }))) return;
    try {
      await deleteAddress(a.id);
      refresh();
    } catch (err) {
      toast(errorText(err));
    }
  }

  const list = data?.list ?? [];
  return (
    <Page title={picking || order ? '选择收货地址' : '收货地址'}>
      <div className={base.screen}>
        {editing ? (
          <AddressForm
            editing={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onDone={(a) => {
              setEditing(null);
              refresh();
              if (picking || order) void choose(a);
            }}
          />
        ) : null}
        {isPending ? (
          <p className={base.muted}>加载中…</p>
        ) : isError ? (
          <EmptyData message={errorText(error)} buyButton="重试" onBuy={() => void refetch()} />
        ) : list.length === 0 && !editing ? (
          <EmptyData message="还没有收货地址" buyButton="新增收货地址" onBuy={() => setEditing('new')} />
        ) : (
          <ul className={styles.list} aria-label="收货地址">
            {list.map((a) => (
              <li key={a.id} className={styles.card}>
                <button type="button" className={styles.main} disabled={!picking && !order} onClick={() => void choose(a)}>
                  <strong>
                    {a.userName} {a.phone} {a.isdefault === 1 ? <span className={styles.badge}>默认</span> : null}
                  </strong>
                  <span>
                    {a.address} {a.details}
                  </span>
                </button>
                <div className={styles.actions}>
                  <button type="button" className={styles.link} onClick={() => setEditing(a)}>
                    编辑
                  </button>
                  <button type="button" className={styles.link} onClick={() => void remove(a)}>
                    删除
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.length > 0 && !editing ? (
          <button type="button" className={`${buttons.primary} ${styles.add}`} onClick={() => setEditing('new')}>
            新增收货地址
          </button>
        ) : null}
      </div>
    </Page>
  );
}
