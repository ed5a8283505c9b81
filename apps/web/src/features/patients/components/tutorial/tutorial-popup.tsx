import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitleBar } from '../../../../components/dialog/index.ts';
import { ManualIcon } from '../../../../components/icons.tsx';
import { downloadManual, tutorialVideoUrl } from '../../../../config/documents.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { passwordChangeDue, subscribePasswordChangeDue } from '../../../../stores/session.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { useUpdateTutorial } from '../../api/use-update-tutorial.ts';
import { NEW_PLAY_CLOCK, tickPlayClock, tutorialVideoExpired } from '../../lib/tutorial-video.ts';
import './tutorial.css';

/** Closed once in this tab: the popup does not come back on every list page. */
const CLOSED_KEY = 'ceppro.tutorialClosed';

function closedInThisTab(): boolean {
  try {
    return window.sessionStorage.getItem(CLOSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * "Welcome to Ceppro v3.0" (docs/spec-points.md §2): shown on the list while the user's permission says
 * tutorial = true. A video (paused after one hour of playing, docs/spec-points.md §9), the manual text and
 * Download, "Do not open anymore" and Close; closing with the box ticked saves tutorial = false.
 */
export function TutorialPopup() {
  const user = useCurrentUser();
  const [closed, setClosed] = useState(closedInThisTab);
  // The password prompt after sign-in comes first: the welcome waits until it is answered.
  const passwordDue = useSyncExternalStore(subscribePasswordChangeDue, passwordChangeDue) !== null;
  if (closed || passwordDue || user.data?.user_permission.tutorial !== true) return null;
  return (
    <TutorialDialog
      onClosed={() => {
        try {
          window.sessionStorage.setItem(CLOSED_KEY, 'true');
        } catch {
          // storage disabled: it closes for this page only
        }
        setClosed(true);
      }}
    />
  );
}

function TutorialDialog({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const titleId = useId();
  const [neverAgain, setNeverAgain] = useState(false);
  const update = useUpdateTutorial();
  const video = useRef<HTMLVideoElement>(null);
  const clock = useRef(NEW_PLAY_CLOCK);

  const close = () => {
    if (neverAgain) update.mutate(false);
    onClosed();
  };

  const onTimeUpdate = () => {
    const element = video.current;
    if (element === null) return;
    clock.current = tickPlayClock(clock.current, element.currentTime);
    if (tutorialVideoExpired(clock.current) && !element.paused) element.pause();
  };

  return (
    <Dialog className="popup tutorial" labelledBy={titleId} onDismiss={close} testId="tutorial-popup">
      <DialogTitleBar id={titleId} title={t('patients.tutorial.title')} onClose={close} />
      <video
        ref={video}
        className="tutorial__video"
        src={tutorialVideoUrl(language)}
        controls
        muted
        playsInline
        loop
        preload="metadata"
        onTimeUpdate={onTimeUpdate}
        aria-label={t('patients.tutorial.video')}
        data-testid="tutorial-video"
      >
        {t('patients.tutorial.videoUnsupported')}
      </video>
      <div className="tutorial__manual">
        <p className="popup__text">{t('patients.tutorial.manual')}</p>
        <button type="button" className="button button--secondary" onClick={() => downloadManual(language)} data-testid="tutorial-download">
          <ManualIcon width={18} height={18} />
          {t('patients.tutorial.download')}
        </button>
      </div>
      <div className="popup__actions">
        <label className="popup__check">
          <input type="checkbox" checked={neverAgain} onChange={(e) => setNeverAgain(e.target.checked)} data-testid="tutorial-never" />
          {t('patients.tutorial.doNotOpen')}
        </label>
        <button type="button" className="button--link tutorial__close" onClick={close} data-testid="tutorial-close">
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
