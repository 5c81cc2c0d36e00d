/** One ticket of a purchase: its price (and discount price), destination, passengers and pick-up addresses. */
import * as Accordion from "@radix-ui/react-accordion";
import { iconSvg } from "../../../views/ui/icons";
import { formatPrice } from "../../../shared/format/money";
import { displayPhone } from "../../../shared/format/phone-number";
import type { PhoneCountry } from "../../../shared/format/phone-metadata";
import { isLocale } from "../../../shared/locales";
import type { OrderDetailAnswer as OrderDetail } from "../../../shared/schemas/purchase";
import { fill } from "../../ui/texts";
import type { PurchaseTexts } from "./texts";

interface Props {
  ticket: OrderDetail["tickets"][number];
  index: number;
  currency: string;
  locale: string;
  texts: PurchaseTexts;
}

const CHEVRON = iconSvg("chevronDown", 20);
/** A purchase's country by the currency it was paid in: its passengers' phones are shown in that country's format. */
const PHONE_COUNTRY_OF_CURRENCY: Record<string, PhoneCountry> = { COP: "CO", CLP: "CL", EUR: "ES", PEN: "PE", MXN: "MX" };

export function TicketPanel({ ticket, index, currency, locale, texts }: Props) {
  const price = (amount: number) => formatPrice(amount, currency, isLocale(locale) ? locale : "es_CO");
  const name = ticket.translations[locale]?.name ?? ticket.name;
  return (
    <Accordion.Item value={String(ticket.id)} className="purchase-ticket">
      <Accordion.Header className="purchase-ticket-header">
        <Accordion.Trigger className="purchase-ticket-trigger">
          <span>{fill(texts["purchase.ticket"], { n: index + 1, name })}</span>
          <span className="purchase-ticket-price">{price(ticket.discountPrice ?? ticket.price)}</span>
          <span className="purchase-chevron" aria-hidden="true" dangerouslySetInnerHTML={{ __html: CHEVRON }} />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="purchase-ticket-body">
        <dl className="purchase-facts">
          <div>
            <dt>{texts["purchase.price"]}</dt>
            <dd>{ticket.discountPrice !== null ? <s>{price(ticket.price)}</s> : price(ticket.price)}</dd>
          </div>
          {ticket.discountPrice !== null ? (
            <div>
              <dt>{texts["purchase.discount_price"]}</dt>
              <dd>{price(ticket.discountPrice)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{texts["purchase.venue"]}</dt>
            <dd>{ticket.placeAddress}</dd>
          </div>
        </dl>
        <div className="purchase-lists">
          <section>
            <h4>{texts["purchase.passengers"]}</h4>
            <ul>
              {ticket.passengers.map((passenger, at) => (
                <li key={at}>
                  <strong>{passenger.name}</strong>
                  <span>{passenger.email}</span>
                  <span>{displayPhone(passenger.phone, PHONE_COUNTRY_OF_CURRENCY[currency] ?? "CO")}</span>
                  <span>{passenger.passengerAddress}</span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h4>{texts["purchase.addresses"]}</h4>
            <ul>
              {ticket.addresses.map((line, at) => (
                <li key={at}>
                  <strong>{line.address}</strong>
                  <span>{line.communeName}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </Accordion.Content>
    </Accordion.Item>
  );
}
