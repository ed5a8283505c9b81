/** A full-viewport message instead of the image: loading, not found, no image, LOST, or an error. */
export function ViewerMessage({
  kind,
  title,
  text,
  action,
}: {
  kind: 'loading' | 'not-found' | 'no-image' | 'lost' | 'error';
  title: string;
  text?: string;
  action?: { label: string; run: () => void };
}) {
  return (
    <div className={`viewer-message viewer-message--${kind}`} data-testid={`viewer-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'loading' && <span className="viewer-stage__spinner" aria-hidden="true" />}
      <p className="viewer-message__title">{title}</p>
      {text && <p className="viewer-message__text">{text}</p>}
      {action && (
        <button type="button" className="viewer-message__action" onClick={action.run}>
          {action.label}
        </button>
      )}
    </div>
  );
}
