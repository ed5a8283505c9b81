import { ConfirmDemo } from '../features/demo/components/confirm-demo.tsx';
import { ToastDemo } from '../features/demo/components/toast-demo.tsx';

/** `/test`. */
export function ConfirmDemoScreen() {
  return (
    <div className="page">
      <ConfirmDemo />
    </div>
  );
}

/** `/toast`. */
export function ToastDemoScreen() {
  return (
    <div className="page">
      <ToastDemo />
    </div>
  );
}
