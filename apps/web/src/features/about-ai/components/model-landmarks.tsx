import type { ModelCard } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';

/** The landmarks the model places, in its output order. */
export function ModelLandmarks({ landmarks }: { landmarks: ModelCard['model']['landmarks'] }) {
  const { t } = useTranslation();
  return (
    <section className="about-ai__section">
      <h2 className="about-ai__heading">{t('aboutAi.landmarks.heading', { n: landmarks.length })}</h2>
      <p className="about-ai__hint">{t('aboutAi.landmarks.hint')}</p>
      <ol className="about-ai__landmarks" data-testid="about-ai-landmarks">
        {landmarks.map((l) => (
          <li key={l.index} className="about-ai__landmark">
            <span className="about-ai__index" aria-hidden="true">
              {l.index + 1}.
            </span>
            <abbr className="about-ai__short" title={l.name}>
              {l.short_name}
            </abbr>
            <span lang="en">{l.name}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
