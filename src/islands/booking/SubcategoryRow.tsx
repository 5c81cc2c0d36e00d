/** One subcategory (ticket kind) of the chosen province: what it covers, its price and the quantity counter. */
import { pickTranslation } from "../../views/events/translation";
import { formatPrice } from "../../shared/format/money";
import type { Locale } from "../../shared/locales";
import type { Subcategory } from "../../shared/types/catalogue";
import { setTicketQuantity } from "../../stores/booking";
import { QuantityCounter } from "./QuantityCounter";
import { WaitingListJoin } from "./WaitingListJoin";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";

/** Below this many tickets left, the row says how many remain. */
const FEW_LEFT = 5;

interface Props {
  subcategory: Subcategory;
  quantity: number;
  discountPrice: number | null;
  currency: string;
  locale: Locale;
  canSelect: boolean;
  eventDateId: number | null;
  texts: BookingTexts;
}

export function SubcategoryRow({ subcategory, quantity, discountPrice, currency, locale, canSelect, eventDateId, texts }: Props) {
  const text = pickTranslation(subcategory.translations, locale);
  const name = text?.name ?? "";
  const price = (amount: number) => formatPrice(amount, currency, locale);
  const soldOut = subcategory.stock <= 0;
  return (
    <li className="bk-sub" data-variant={subcategory.productVariantId}>
      <div className="bk-sub-text">
        <h4 className="bk-sub-name">{name}</h4>
        {text?.description ? <p className="bk-sub-description">{text.description}</p> : null}
        <p className="bk-sub-facts">
          <span>{fill(texts["booking.subcategory.capacity"], { n: subcategory.capacity })}</span>
          {subcategory.approach.length > 0 ? (
            <span>{texts["booking.subcategory.fixed_pickup"]}</span>
          ) : (
            <span>{fill(texts["booking.subcategory.stops"], { n: subcategory.stops })}</span>
          )}
          {canSelect && !soldOut && subcategory.stock <= FEW_LEFT ? (
            <span className="bk-few">{fill(texts["booking.subcategory.stock"], { n: subcategory.stock })}</span>
          ) : null}
        </p>
      </div>
      <div className="bk-sub-buy">
        <p className="bk-sub-price">
          {discountPrice !== null ? (
            <>
              <s>{price(subcategory.price)}</s>
              <strong>{price(discountPrice)}</strong>
            </>
          ) : (
            <strong>{price(subcategory.price)}</strong>
          )}
        </p>
        {soldOut && canSelect ? (
          <p className="bk-sold-out">{texts["booking.sold_out"]}</p>
        ) : (
          <QuantityCounter
            name={name}
            value={quantity}
            max={subcategory.stock}
            disabled={!canSelect}
            texts={texts}
            onChange={(count) => setTicketQuantity(subcategory.productVariantId, count, subcategory.stock)}
          />
        )}
      </div>
      {soldOut && canSelect && eventDateId !== null ? (
        <WaitingListJoin eventDateId={eventDateId} productVariantId={subcategory.productVariantId} name={name} texts={texts} />
      ) : null}
    </li>
  );
}
