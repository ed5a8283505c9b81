import type { BillingRecord } from '@ceppro/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import { fetchInvoicePdf } from '../api/use-membership.ts';

export interface MembershipFormats {
  won(n: number): string;
  date(iso: string): string;
}

/** The billing history: one row per invoice, each with its PDF (the payer's own only: the user's, or their clinic's). */
export function BillingHistory({ history, fmt }: { history: BillingRecord[]; fmt: MembershipFormats }) {
  const { t } = useTranslation();
  const push = useToastStore((s) => s.push);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (h: BillingRecord) => {
    setBusy(h.id);
    try {
      saveFile(await fetchInvoicePdf(h.id), `ceppro-invoice-${h.number}.pdf`);
    } catch {
      push({ kind: 'error', title: { key: 'membership.downloadFailed' }, text: h.number });
    } finally {
      setBusy(null);
    }
  };

  if (history.length === 0) return <p className="membership__empty">{t('membership.historyEmpty')}</p>;
  return (
    <table className="membership__history" data-testid="membership-history">
      <thead>
        <tr>
          <th>{t('membership.invoiceNumber')}</th>
          <th>{t('membership.billedOn')}</th>
          <th>{t('membership.period')}</th>
          <th>{t('membership.amount')}</th>
          <th>{t('membership.method')}</th>
          <th>{t('membership.invoiceStatus')}</th>
          <th>
            <span className="visually-hidden">{t('membership.download')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {history.map((h) => (
          <tr key={h.id} data-testid="membership-invoice">
            <td className="membership__number">{h.number}</td>
            <td>{fmt.date(h.issued_at)}</td>
            <td>
              {fmt.date(h.period_start)} – {fmt.date(h.period_end)}
            </td>
            <td>
              {fmt.won(h.amount_won)}
              <span className="membership__vat">{t('membership.vatIncluded', { vat: fmt.won(h.vat_won) })}</span>
              {h.seats !== null && (
                <span className="membership__vat" data-testid="membership-invoice-seats">
                  {t('membership.invoiceSeats', { seats: h.seats })}
                </span>
              )}
            </td>
            <td>{h.method === 'invoice' ? t('membership.methods.invoice') : h.method}</td>
            <td>{t(`membership.invoiceStates.${h.status}`)}</td>
            <td>
              <button
                type="button"
                className="button button--secondary membership__download"
                disabled={busy === h.id}
                onClick={() => void download(h)}
              >
                {t('membership.download')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
