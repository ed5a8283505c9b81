import type { ModelCard } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useLandmarkNames } from '../hooks/use-landmark-names.ts';

/** The landmarks the model places, in its output order, named as the viewer names them. */
export function ModelLandmarks({ landmarks }: { landmarks: ModelCard['model']['landmarks'] }) {
  const { t } = useTranslation();
  const shown = useLandmarkNames();
  return (
    <section className="about-ai__section">
      <h2 className="about-ai__heading">{t('aboutAi.landmarks.heading', { n: landmarks.length })}</h2>
      <p className="about-ai__hint">{t('aboutAi.landmarks.hint')}</p>
      <ol className="about-ai__landmarks" data-testid="about-ai-landmarks">
        {landmarks.map((l) => {
          const landmark = shown(l);
          return (
            <li key={l.index} className="about-ai__landmark" data-id={landmark.id ?? undefined}>
              <span className="about-ai__index" aria-hidden="true">
                {l.index + 1}.
              </span>
              <abbr className="about-ai__short" title={landmark.name}>
                {landmark.short}
              </abbr>
              <span lang={landmark.lang}>{landmark.name}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
