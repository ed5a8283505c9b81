import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerPanels, usePanelStore, type ViewerPanelProps } from '../panels.ts';
import './builtin-panels.ts';

/**
 * The viewer's side panel: tabs from the panel registry (Landmarks here; Analysis and Report from
 * their features). Leaving the Landmarks tab triggers the landmark autosave.
 */
export function SidePanel({ recordId }: ViewerPanelProps) {
  const { t } = useTranslation();
  const panels = useViewerPanels();
  const active = usePanelStore((s) => s.active);
  const setActive = usePanelStore((s) => s.setActive);
  const current = panels.find((p) => p.id === active) ?? panels[0];

  // A viewer always opens on its first tab (the store outlives one chart).
  useEffect(() => {
    const first = panels[0];
    if (first) setActive(first.id);
    // Only on mount: later registrations must not pull the user off the tab they chose.
  }, []);

  return (
    <aside className="viewer-panel" aria-label={t('viewer.panels')}>
      <div className="viewer-panel__tabs" role="tablist">
        {panels.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`viewer-tab-${p.id}`}
            aria-selected={p.id === current?.id}
            aria-controls="viewer-panel-body"
            className="viewer-panel__tab"
            data-testid={`panel-tab-${p.id}`}
            onClick={() => setActive(p.id)}
          >
            {t(p.labelKey)}
          </button>
        ))}
      </div>
      <div
        className="viewer-panel__body"
        id="viewer-panel-body"
        role="tabpanel"
        aria-labelledby={current ? `viewer-tab-${current.id}` : undefined}
      >
        {current && <current.Component recordId={recordId} />}
      </div>
    </aside>
  );
}
