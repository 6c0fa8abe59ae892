import Mask from 'antd-mobile/es/components/mask';
import SpinLoading from 'antd-mobile/es/components/spin-loading';

/** The loading overlay of spec §2 as a component; showLoading()/hideLoading() in ./dialogs are the imperative form. */
export function LoadingOverlay({ visible, text = '加载中…' }: { visible: boolean; text?: string }) {
  return (
    <Mask visible={visible} opacity="thin" disableBodyScroll>
      <div
        role="status"
        aria-live="polite"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, height: '100%', color: '#fff' }}
      >
        <SpinLoading color="white" />
        <span>{text}</span>
      </div>
    </Mask>
  );
}

export default LoadingOverlay;
