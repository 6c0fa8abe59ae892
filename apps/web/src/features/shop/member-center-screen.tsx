import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PurchaseDetail } from '@kaoshi/contract';
import { purchasesQuery } from './api';
import { getSelectedSubject } from '../../lib/subject';
import { EmptyData } from '../../ui/empty-data';
import { Page } from '../../ui/page';
import { versionLabel } from '../../ui/buy-flow';
import { ymd } from './format';
import { OrderList } from './order-list';
import styles from './buy.module.css';

/** /memberCenter — the learner's purchases over all subjects (valid first), with what each opens. */
export default function MemberCenterScreen() {
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useQuery(purchasesQuery());
  const hasSubject = getSelectedSubject() !== null;

  return (
    <Page title="会员中心">
      <div className={styles.screen}>
        {isPending ? (
          <p className={styles.muted}>加载中…</p>
        ) : isError ? (
          <EmptyData message="开通记录加载失败" buyButton="重试" onBuy={() => void refetch()} />
        ) : data.list.length === 0 ? (
          <EmptyData message="您还没有开通任何班次" buyButton={hasSubject ? '去开通' : '选择科目'} onBuy={() => void navigate(hasSubject ? '/buyapp' : '/switchSub')} />
        ) : (
          <ul className={styles.purchases} aria-label="已开通的班次">
            {data.list.map((p) => (
              <PurchaseCard key={`${p.AppID}-${p.AppVn}`} p={p} />
            ))}
          </ul>
        )}
        <OrderList />
      </div>
    </Page>
  );
}

function PurchaseCard({ p }: { p: PurchaseDetail }) {
  return (
    <li className={`${styles.purchase} ${p.valid ? '' : styles.expired}`}>
      <div className={styles.versionHead}>
        <h2 className={styles.versionName}>{p.AppName}</h2>
        <span className={p.valid ? styles.held : styles.gone}>{versionLabel(p.AppVnName)}</span>
      </div>
      <p className={styles.until}>{p.valid ? `有效期至 ${ymd(p.EndTime)}` : '已过期'}</p>
      {p.modules.length > 0 ? <p className={styles.opens}>包含：{p.modules.map((m) => m.name).join('、')}</p> : null}
    </li>
  );
}
