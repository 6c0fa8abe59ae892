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

/**
 * A screen with a nav bar in the tenant's theme colour: a named 返回 button (44×44), the screen's title as
 * its one level-one heading, and an optional action on the right.
 */
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
        <div className="ks-nav">
          <div className="ks-nav__side">
            {back ? (
              <button type="button" className="ks-nav__back" aria-label="返回" onClick={onBack}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            ) : null}
          </div>
          <h1 className="ks-nav__title">{title}</h1>
          <div className="ks-nav__side ks-nav__side--right">{right}</div>
        </div>
      </header>
      <main className="ks-page__body">{children}</main>
    </div>
  );
}

export default Page;
