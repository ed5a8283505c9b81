import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from '../../../../components/icons.tsx';
import { pageLabel, pagerModel } from '../../lib/pager.ts';

interface PagerProps {
  page: number;
  total: number;
  pageSize: number;
  /** URL of a zero-based page (keeps the search and sort). */
  hrefOf: (page: number) => string;
}

function Step({ to, label, testId, children }: { to: string | null; label: string; testId: string; children: ReactNode }) {
  if (to === null) {
    return (
      <span className="pager__step pager__step--disabled" aria-disabled="true" aria-label={label} data-testid={testId}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className="pager__step" aria-label={label} title={label} data-testid={testId}>
      {children}
    </Link>
  );
}

/** The list footer (docs/spec-points.md §2): total count, « ‹ 01 02 03 04 05 › », groups of 5 pages. */
export function Pager({ page, total, pageSize, hrefOf }: PagerProps) {
  const { t } = useTranslation();
  const model = pagerModel(page, total, pageSize);
  const href = (target: number | null) => (target === null ? null : hrefOf(target));
  return (
    <nav className="pager" aria-label={t('patients.pager.label')} data-testid="pager">
      <span className="pager__total" data-testid="pager-total">
        {t('patients.pager.total', { total })}
      </span>
      <div className="pager__pages">
        <Step to={href(model.jumpBack)} label={t('patients.pager.back5')} testId="pager-back5">
          <ChevronsLeftIcon />
        </Step>
        <Step to={href(model.previous)} label={t('patients.pager.previous')} testId="pager-previous">
          <ChevronLeftIcon />
        </Step>
        {model.pages.map((p) => (
          <Link
            key={p}
            to={hrefOf(p)}
            className={`pager__page${p === page ? ' pager__page--current' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('patients.pager.page', { page: p + 1 })}
            data-testid="pager-page"
          >
            {pageLabel(p)}
          </Link>
        ))}
        <Step to={href(model.next)} label={t('patients.pager.next')} testId="pager-next">
          <ChevronRightIcon />
        </Step>
        <Step to={href(model.jumpForward)} label={t('patients.pager.forward5')} testId="pager-forward5">
          <ChevronsRightIcon />
        </Step>
      </div>
    </nav>
  );
}
