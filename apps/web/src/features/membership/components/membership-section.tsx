import type { Membership } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../routes/paths.ts';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { useToastStore } from '../../../stores/toast-store.ts';
import { useCancelMembership, useMembership } from '../api/use-membership.ts';
import { BillingHistory } from './billing-history.tsx';
import './membership.css';

/** A 10-digit business registration number as it is written: 123-45-67890. */
function formatTaxNumber(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : value;
}

/** Billing dates are instants at the start of a UTC day: shown as that day everywhere. */
function formats(language: string) {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'KRW' });
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return { won: (n: number) => money.format(n), date: (iso: string) => day.format(new Date(iso)) };
}

/**
 * `/membership`: plan, price, billing date, next charge, the spec's demo text, billing history, cancel.
 * In a clinic it is the clinic's membership (seats shown); only its owner sees payment and invoices.
 */
export function MembershipSection() {
  const { t, i18n } = useTranslation();
  const { data, isError } = useMembership();
  if (isError)
    return (
      <p className="membership__error" role="alert">
        {t('membership.loadFailed')}
      </p>
    );
  if (!data) return null;
  return <MembershipDetails membership={data} fmt={formats(i18n.language)} />;
}

function MembershipDetails({ membership: m, fmt }: { membership: Membership; fmt: ReturnType<typeof formats> }) {
  const { t } = useTranslation();
  const open = usePopupStore((s) => s.open);
  const push = useToastStore((s) => s.push);
  const cancel = useCancelMembership();
  const planName = m.plan === 'standard' ? t('membership.planNames.standard') : m.plan;
  const price = fmt.won(m.price_won);
  // In a clinic the subscription is the clinic's: the owner manages it, the other members see it.
  const manage = m.clinic === null || m.clinic.manage;
  const renews = m.state === 'trial' || m.state === 'active';

  const askCancel = () =>
    open({
      title: t('demo.confirm.popupTitle'),
      text: t('demo.confirm.popupText'),
      textConfirm: t('demo.confirm.popupConfirm'),
      textCancel: t('demo.confirm.popupCancel'),
      fnConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: (after) =>
            push({
              kind: 'success',
              title: { key: 'membership.cancelledTitle' },
              text: { key: 'membership.cancelledText', values: { date: after.access_ends_at ? fmt.date(after.access_ends_at) : '' } },
            }),
        }),
    });

  return (
    <div className="membership" data-testid="membership">
      <dl className="membership__facts">
        {m.clinic && (
          <>
            <dt>{t('membership.clinic')}</dt>
            <dd data-testid="membership-clinic">{m.clinic.name}</dd>
            <dt>{t('membership.seats')}</dt>
            <dd data-testid="membership-seats">
              {t('membership.seatsValue', { seats: m.clinic.seats, price: fmt.won(m.clinic.seat_price_won) })}
            </dd>
          </>
        )}
        <dt>{t('membership.plan')}</dt>
        <dd>{planName}</dd>
        <dt>{t('membership.price')}</dt>
        <dd>{t('membership.pricePerMonth', { price })}</dd>
        <dt>{t('membership.state')}</dt>
        <dd>
          <span className={`membership__state membership__state--${m.state}`} data-testid="membership-state">
            {t(`membership.states.${m.state}`)}
          </span>
        </dd>
        {m.trial_ends_at && (
          <>
            <dt>{t('membership.trialEnds')}</dt>
            <dd>{fmt.date(m.trial_ends_at)}</dd>
          </>
        )}
        <dt>{t('membership.billingDate')}</dt>
        <dd>{t('membership.billingDay', { day: m.billing_day })}</dd>
        <dt>{t('membership.nextCharge')}</dt>
        <dd data-testid="membership-next-charge">
          {m.next_charge_at && m.next_charge_won !== null
            ? t('membership.nextChargeValue', { amount: fmt.won(m.next_charge_won), date: fmt.date(m.next_charge_at) })
            : t('membership.noNextCharge')}
        </dd>
        {m.payment && <PaymentFacts payment={m.payment} />}
        {m.access_ends_at && (
          <>
            <dt>{t('membership.accessEnds')}</dt>
            <dd data-testid="membership-access-ends">{fmt.date(m.access_ends_at)}</dd>
          </>
        )}
      </dl>
      {renews && <p className="membership__demo">{t('membership.demoText', { price })}</p>}
      {renews && m.payment && !m.payment.ready && m.next_charge_at && (
        <p className="membership__warning" role="status" data-testid="membership-payment-missing">
          {t('membership.paymentMissing', { date: fmt.date(m.next_charge_at) })}{' '}
          {m.clinic === null && <Link to={paths.myInfo.to()}>{t('membership.toMyInfo')}</Link>}
        </p>
      )}
      {!manage && (
        <p className="membership__note" role="note" data-testid="membership-owner-note">
          {t('membership.managedByOwner')}
        </p>
      )}

      {manage && (
        <>
          <h2 className="membership__heading">{t('membership.history')}</h2>
          <BillingHistory history={m.history} fmt={fmt} />
        </>
      )}

      {renews && manage && (
        <div className="membership__actions">
          <button type="button" className="button button--secondary" onClick={askCancel} disabled={cancel.isPending}>
            {t('membership.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}

/** How the subscription is paid and where invoices go: the payer's own details (a clinic's to its owner only). */
function PaymentFacts({ payment }: { payment: NonNullable<Membership['payment']> }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('membership.method')}</dt>
      <dd>{payment.method === 'invoice' ? t('membership.methods.invoice') : payment.method}</dd>
      <dt>{t('membership.taxNumber')}</dt>
      <dd data-testid="membership-tax-number">
        {payment.tax_number ? formatTaxNumber(payment.tax_number) : t('membership.taxNumberMissing')}
      </dd>
      <dt>{t('membership.invoiceEmail')}</dt>
      <dd>{payment.invoice_email}</dd>
    </>
  );
}
