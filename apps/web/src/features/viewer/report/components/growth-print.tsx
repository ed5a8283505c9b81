import type { ReportGrowth } from '@ceppro/contract';

/**
 * The printed growth forecast (the report model's `growth`, contract report-growth.ts): the chart's stored
 * choice, the point moves with their SD, the method and its uncertainty, and the sources; the same texts
 * the server's PDF prints (apps/server/src/features/reports/report-growth.ts).
 */
export function GrowthPrint({ growth }: { growth: ReportGrowth }) {
  return (
    <section className="report-print__section" data-testid="growth-print">
      <h2>{growth.title}</h2>
      <p data-testid="growth-print-choice">{growth.choice}</p>
      {growth.points.length > 0 && <p className="report-print__note">{growth.points.join(' · ')}</p>}
      <p className="report-print__note">{growth.method}</p>
      <p className="report-print__note" data-testid="growth-print-uncertainty">
        {growth.uncertainty}
      </p>
      <ol className="report-print__note">
        {growth.citations.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </section>
  );
}
