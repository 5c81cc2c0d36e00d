/**
 * Purchase history: date (stored in UTC, shown DD-MM-YYYY HH:mm on the event's clock, named when the
 * browser's reads another hour), event name, state by colour (pending yellow, paid green, cancelled red), total; `not_purchases` when empty.
 */
import { formatPrice } from "../../shared/format/money";
import { isLocale, type Locale } from "../../shared/locales";
import { DetailCell, DetailHeader } from "./purchases/DetailCell";
import { PurchaseDetail } from "./purchases/PurchaseDetail";
import { usePurchaseRoute } from "./purchases/purchase-route";
import { stateLook } from "../../shared/domain/order-states";
import type { AccountTexts } from "./texts";
import { ListState } from "./ListState";
import { useList } from "./use-list";
import { useEventClock } from "../ui/reader-clock";

interface Props {
  texts: AccountTexts;
  locale: string;
  countryCode: string;
}

export function PaymentsTab({ texts, locale, countryCode }: Props) {
  const { items, state } = useList("/shop-api/payment-history");
  const clock = useEventClock(texts);
  const moneyLocale: Locale = isLocale(locale) ? locale : "es_CO";
  const route = usePurchaseRoute();
  const stateChip = (state: string) => <span className={`state-chip state-${stateLook(state).tone}`}>{texts[stateLook(state).label]}</span>;

  if (route.openId !== null) {
    return (
      <div className="account-section">
        {/* The list's title stays the page's heading, unseen: the purchase's own heading sits below it. */}
        <h1 className="sr-only">{texts["account.payments.title"]}</h1>
        <PurchaseDetail orderId={route.openId} locale={locale} texts={texts} countryCode={countryCode} listHref={route.listHref} renderState={stateChip} onBack={route.close} />
      </div>
    );
  }

  return (
    <div className="account-section">
      <h1 className="account-title">{texts["account.payments.title"]}</h1>
      <ListState state={state} empty={items.length === 0} emptyText={texts.not_purchases} texts={texts} />
      {state === "ready" && items.length > 0 ? (
        <table className="purchases">
          <thead>
            <tr>
              <th scope="col">{texts["account.payments.date"]}</th>
              <th scope="col">{texts["account.payments.event"]}</th>
              <th scope="col">{texts["account.payments.state"]}</th>
              <th scope="col" className="num">
                {texts["account.payments.total"]}
              </th>
              <DetailHeader texts={texts} />
            </tr>
          </thead>
          <tbody>
            {items.map((purchase) => {
              const look = stateLook(purchase.state);
              return (
                <tr key={purchase.id} data-purchase={purchase.id}>
                  <td data-label={texts["account.payments.date"]}>
                    <time dateTime={purchase.date}>{clock(purchase.date, purchase.regularEvent.timeZone)}</time>
                  </td>
                  <td data-label={texts["account.payments.event"]} className="purchase-event">
                    {purchase.regularEvent.translations[locale]?.name ?? purchase.regularEvent.name}
                  </td>
                  <td data-label={texts["account.payments.state"]}>
                    <span className={`state-chip state-${look.tone}`}>{texts[look.label]}</span>
                  </td>
                  <td data-label={texts["account.payments.total"]} className="num">
                    {formatPrice(purchase.total, purchase.currency, moneyLocale)}
                  </td>
                  <td className="num">
                    <DetailCell orderId={purchase.id} state={purchase.state} texts={texts} onOpen={route.open} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
