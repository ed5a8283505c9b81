/**
 * jsdom has no `showModal`/`close` on `<dialog>`: the least of them, so components on the native dialog
 * run in tests. Escape is sent as the browser does, as a cancelable `cancel` event and, unless it is
 * refused, a close. Focus trapping and the backdrop are the browser's and are checked in e2e/.
 */
const proto = globalThis.HTMLDialogElement?.prototype;

if (proto !== undefined && typeof proto.showModal !== 'function') {
  /** Modal dialogs in the order they were opened: Escape goes to the last one. */
  const stack: HTMLDialogElement[] = [];
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    stack.push(this);
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    stack.splice(stack.indexOf(this) >>> 0, 1);
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = stack.filter((dialog) => dialog.isConnected && dialog.open).at(-1);
    if (top === undefined) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
