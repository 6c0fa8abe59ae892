import Mask from 'antd-mobile/es/components/mask';
import SpinLoading from 'antd-mobile/es/components/spin-loading';

/**
 * The loading overlay of spec §2 as a component; showLoading()/hideLoading() in ./dialogs are the
 * imperative form. antd-mobile's Mask is aria-hidden, so the status is announced by a separate,
 * visually hidden live region.
 */
export function LoadingOverlay({ visible, text = '加载中…' }: { visible: boolean; text?: string }) {
  return (
    <>
      <Mask visible={visible} opacity="thin" disableBodyScroll>
        <div className="ks-loading">
          <SpinLoading color="white" />
          <span>{text}</span>
        </div>
      </Mask>
      {visible ? (
        <div role="status" aria-live="polite" className="ks-visually-hidden">
          {text}
        </div>
      ) : null}
    </>
  );
}

export default LoadingOverlay;
