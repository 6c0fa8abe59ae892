import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

/**
 * antd-mobile 5 renders its imperative widgets (Dialog.show, Toast.show) with the legacy
 * ReactDOM.render, which React 19 removed. This installs a createRoot-based renderer, as antd-mobile's
 * "v5 for React 19" guide describes. Imported for its effect by every module that uses those widgets.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
