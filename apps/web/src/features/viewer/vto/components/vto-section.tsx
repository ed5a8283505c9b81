import type { ReactNode } from 'react';

/** One titled section of the VTO/STO panel: the heading names the section for assistive technology. */
export function VtoSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="vto-section" aria-labelledby={id}>
      <h3 id={id} className="vto-section__title">
        {title}
      </h3>
      {children}
    </section>
  );
}
