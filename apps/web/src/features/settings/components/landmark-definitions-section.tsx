import { DEFINABLE_LANDMARKS, getLandmark, LANDMARK_DEFINITION_CHOICES, type DefinableLandmarkId } from '@ceppro/ceph';
import { definitionChoiceDescription, definitionChoiceLabel, landmarkName, type AiAdaptation } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form/field.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { useAiAdaptation } from '../api/use-ai-adaptation.ts';
import { useUpdateAiAdaptation } from '../api/use-update-ai-adaptation.ts';

/**
 * "Landmark definitions": where schools differ (porion, gonion, menton), which definition the AI's
 * points follow on new films. Stored with the clinic adaptation (the same row and answer,
 * `GET/PUT /api/ai/adaptation`), since the learned shifts are measured from the defined points. Not a
 * form: each choice is saved at once and the server's answer is what the section shows.
 */
export function LandmarkDefinitionsSection() {
  const { t } = useTranslation();
  const profile = useAiAdaptation();
  return (
    <section className="settings-adaptation" aria-labelledby="settings-definitions-title" data-testid="landmark-definitions">
      <h2 id="settings-definitions-title" className="settings-adaptation__title">
        {t('settings.definitions.title')}
      </h2>
      <p className="field__hint">{t('settings.definitions.intro')}</p>
      {profile.isPending ? (
        <p className="field__hint">{t('settings.definitions.loading')}</p>
      ) : profile.data === undefined ? (
        <FormMessage kind="error" testId="landmark-definitions-load-error">
          {t('settings.definitions.loadFailed')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void profile.refetch()}>
            {t('settings.retry')}
          </button>
        </FormMessage>
      ) : (
        <DefinitionChoices definitions={profile.data.definitions} />
      )}
    </section>
  );
}

function DefinitionChoices({ definitions }: { definitions: AiAdaptation['definitions'] }) {
  const { t } = useTranslation();
  const update = useUpdateAiAdaptation();
  const [failed, setFailed] = useState(false);

  const choose = async (id: DefinableLandmarkId, choice: string) => {
    setFailed(false);
    try {
      await update.mutateAsync({ definitions: { [id]: choice } });
    } catch (error) {
      // The interceptor already alerted (network, 5xx): a second message would repeat it.
      if (!(isApiError(error) && error.handled)) setFailed(true);
    }
  };
  return (
    <>
      {DEFINABLE_LANDMARKS.map((id) => (
        <LandmarkChoices key={id} id={id} chosen={definitions[id]} busy={update.isPending} onChoose={(c) => void choose(id, c)} />
      ))}
      {failed && (
        <FormMessage kind="error" testId="landmark-definitions-error">
          {t('settings.definitions.saveFailed')}
        </FormMessage>
      )}
      <p className="field__hint" data-testid="landmark-definitions-note">
        {t('settings.definitions.note')}
      </p>
    </>
  );
}

/** One landmark's definitions as a radio group: each choice's name with its one-line description. */
function LandmarkChoices({
  id,
  chosen,
  busy,
  onChoose,
}: {
  id: DefinableLandmarkId;
  chosen: string;
  busy: boolean;
  onChoose: (choice: string) => void;
}) {
  const [language] = useLanguage();
  const choices: ReadonlyArray<{ id: string }> = LANDMARK_DEFINITION_CHOICES[id].choices;
  return (
    <fieldset className="settings-definitions__landmark" data-testid={`definition-${id}`}>
      <legend>
        <span className="settings-adaptation__short">{getLandmark(id).shortName}</span> {landmarkName(id, language)}
      </legend>
      {choices.map((c) => (
        <label key={c.id} className="settings-definitions__choice">
          <input
            type="radio"
            name={`definition-${id}`}
            value={c.id}
            checked={chosen === c.id}
            disabled={busy}
            onChange={() => onChoose(c.id)}
            data-testid={`definition-${id}-${c.id}`}
          />
          <span>
            <span className="settings-definitions__name">{definitionChoiceLabel(id, c.id, language)}</span>
            <span className="field__hint settings-definitions__description">{definitionChoiceDescription(id, c.id, language)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
