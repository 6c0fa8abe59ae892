import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface PageProps {
  title: ReactNode;
  /** Show the back arrow (default). A function replaces the default (history back, else /homePage). */
  back?: boolean | (() => void);
  right?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A screen with a nav bar in the tenant's theme colour. */
export function Page({ title, back = true, right, children, className }: PageProps) {
  const navigate = useNavigate();
  const onBack = () => {
    if (typeof back === 'function') return back();
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/homePage');
  };
  return (
    <div className={className ? `ks-page ${className}` : 'ks-page'}>
      <header className="ks-page__nav">
        <NavBar back={back ? <span className="ks-visually-hidden">返回</span> : null} backIcon={back ? undefined : false} onBack={onBack} right={right}>
          {title}
        </NavBar>
      </header>
      <main className="ks-page__body">{children}</main>
    </div>
  );
}

export default Page;
