import { fillLabel, type ConsultationLabels, type ConsultationModel } from '@ceppro/contract';

/** "Your plan in plain words", the notes on what is missing, and a few measurements explained. */
export function PlanWords({ model, labels }: { model: ConsultationModel; labels: ConsultationLabels }) {
  const { plan } = model;
  const notes = [
    ...(plan.state === 'none' ? [labels.noPlan] : []),
    ...(plan.state === 'uncalibrated' || plan.state === 'failed' ? [labels.planUncalibrated] : []),
    ...(model.photo === 'none' ? [labels.noPhoto] : model.photo === 'not-aligned' && plan.state === 'ok' ? [labels.photoNotAligned] : []),
  ];
  return (
    <section className="consultation-words" aria-labelledby="consultation-plan-title">
      <h2 id="consultation-plan-title" className="consultation__heading">
        {labels.planTitle}
      </h2>
      {plan.sentences.length + plan.soft.length > 0 && (
        <ul className="consultation-words__list" data-testid="consultation-plan">
          {[...plan.sentences, ...plan.soft].map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
      {notes.map((note) => (
        <p key={note} className="consultation__note" data-testid="consultation-note">
          {note}
        </p>
      ))}
      {model.measurements.length > 0 && (
        <>
          <h2 className="consultation__heading">{labels.measuresTitle}</h2>
          <dl className="consultation-measures">
            {model.measurements.map((m) => (
              <div key={m.id} className="consultation-measures__item" data-testid={`consultation-measure-${m.id}`}>
                <dt>{m.name}</dt>
                <dd className="consultation-measures__values">
                  <span>{fillLabel(labels.measureToday, { value: m.today })}</span>
                  {m.after !== null && plan.state === 'ok' && <span>{fillLabel(labels.measureAfter, { value: m.after })}</span>}
                  <span className="consultation-measures__range">
                    {m.range === null ? labels.noUsualRange : fillLabel(labels.usualRange, { range: m.range })}
                  </span>
                </dd>
                <dd className="consultation-measures__explain">{m.explain}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className="consultation__disclaimer">{labels.disclaimer}</p>
    </section>
  );
}
