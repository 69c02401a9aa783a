import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

let installed = false;

/**
 * antd-mobile renders toasts and dialogs with the legacy ReactDOM.render, which React 19
 * removed; without this they silently render nothing (antd-mobile "React 19 compatibility").
 */
export function installAntdRender(): void {
  if (installed) return;
  installed = true;
  unstableSetRender((node, target) => {
    const container = target as Container;
    container._reactRoot ??= createRoot(container);
    const root = container._reactRoot;
    root.render(node);
    return async () => {
      // Unmounting synchronously inside a React render is not allowed; defer one task.
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container._reactRoot;
    };
  });
}
