import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGateVerdict } from '../hooks/use-gate-verdict.ts';
import { MIN_WINDOW_HEIGHT, MIN_WINDOW_WIDTH, type GateVerdict } from '../lib/browser.ts';
import { BrowserIcon, MonitorIcon, OfflineIcon } from './icons.tsx';
import './browser-gate.css';

/**
 * Shows the app only for desktop Chrome in a large enough, online window. Otherwise the whole
 * page is one message (docs/spec-points.md §1 and §2); offline shows nothing but the offline sentence.
 * The app stays mounted underneath (hidden), so a moment offline or a brief resize does not throw
 * away what the user was typing.
 */
export function BrowserGate({ children }: { children: ReactNode }) {
  const verdict = useGateVerdict();
  return (
    <>
      {verdict !== 'ok' && <GateMessage verdict={verdict} />}
      <div className="gate-app" hidden={verdict !== 'ok'}>
        {children}
      </div>
    </>
  );
}

function GateMessage({ verdict }: { verdict: Exclude<GateVerdict, 'ok'> }) {
  const { t } = useTranslation();

  if (verdict === 'offline') {
    return (
      <main className="gate gate--offline" data-testid="gate" data-verdict={verdict}>
        <OfflineIcon className="gate__icon" width={40} height={40} />
        <p className="gate__text" role="alert">
          {t('gate.offline')}
        </p>
      </main>
    );
  }

  const content = {
    mobile: { Icon: MonitorIcon, title: t('gate.mobileTitle'), text: t('gate.mobile') },
    'not-chrome': { Icon: BrowserIcon, title: t('gate.notChromeTitle'), text: t('gate.notChrome') },
    'too-small': {
      Icon: MonitorIcon,
      title: t('gate.tooSmallTitle'),
      text: t('gate.tooSmall', { width: MIN_WINDOW_WIDTH, height: MIN_WINDOW_HEIGHT }),
    },
  }[verdict];

  return (
    <main className="gate" data-testid="gate" data-verdict={verdict}>
      <div className="gate__card" role="alert">
        <content.Icon className="gate__icon" width={40} height={40} />
        <h1 className="gate__title">{content.title}</h1>
        <p className="gate__text">{content.text}</p>
      </div>
    </main>
  );
}
