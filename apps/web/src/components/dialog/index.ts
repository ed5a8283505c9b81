export { Dialog, type DialogProps } from './dialog.tsx';
export { DialogTitleBar } from './dialog-title-bar.tsx';
